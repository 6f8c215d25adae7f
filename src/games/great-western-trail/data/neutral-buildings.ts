/**
 * Neutral buildings A-G (grey tiles). Provenance: facts come from the gwt2 component data compiled from
 * Board Game Fiesta and cross-checked against the rulebook.
 *
 * Stopping on a neutral building (or your own building): do each local action at most once, in any
 * order, or skip them, OR instead one single auxiliary action. Neutral buildings never charge fees.
 * First game: tile X on slot N-X; later games: shuffled, one per neutral slot.
 */
import type { NeutralBuilding, NeutralBuildingId, NeutralSlotId } from './types';

export const NEUTRAL_BUILDINGS: readonly NeutralBuilding[] = [
  {
    // Rulebook hiring example: first hire at the row cost, second +$2; Galloway discard for $2.
    id: 'A',
    actions: [
      { type: 'DISCARD_CARDS', count: 1, card: { kind: 'BREED', breed: 'galloway' }, gain: { dollars: 2 } },
      { type: 'HIRE_WORKER', costModifier: 0 },
      { type: 'HIRE_WORKER', costModifier: 2 },
    ],
  },
  {
    // The only neutral building that places a player building ($2 per craftsman).
    id: 'B',
    actions: [
      {
        type: 'DISCARD_CARDS',
        count: 1,
        card: { kind: 'BREED', breed: 'santa_gertrudis' },
        gain: { dollars: 2 },
      },
      { type: 'PLACE_BUILDING', costPerCraftsman: 2 },
    ],
  },
  {
    // Uncertain (gwt2 README #7): C-G are unchanged from the 1st edition in the source.
    id: 'C',
    actions: [
      {
        type: 'CHOOSE_ONE',
        options: [
          { type: 'GAIN_CERTIFICATES', amount: 1 },
          { type: 'TAKE_OBJECTIVE_CARD', to: 'DISCARD_PILE' },
        ],
      },
      { type: 'MOVE_ENGINE_FORWARD', min: 0, max: 'NUMBER_OF_ENGINEERS' },
    ],
  },
  {
    id: 'D',
    actions: [
      {
        type: 'CHOOSE_ONE',
        options: [
          { type: 'COLLECT_BOUNTY' },
          { type: 'PAY_THEN_MOVE_ENGINE_FORWARD', payDollars: 2, min: 0, max: 2 },
        ],
      },
      { type: 'AUXILIARY_ACTION', mode: 'SINGLE_OR_DOUBLE' },
    ],
  },
  {
    id: 'E',
    actions: [
      { type: 'DISCARD_CARDS', count: 1, card: { kind: 'BREED', breed: 'pineywoods' }, gain: { dollars: 2 } },
      { type: 'BUY_CATTLE' },
    ],
  },
  {
    id: 'F',
    actions: [
      { type: 'DISCARD_CARDS', count: 2, card: { kind: 'PAIR' }, gain: { dollars: 4 } },
      { type: 'REMOVE_HAZARD', payDollars: 7, count: 1 },
    ],
  },
  {
    id: 'G',
    actions: [
      { type: 'MOVE_ENGINE_FORWARD', min: 0, max: 'NUMBER_OF_ENGINEERS' },
      { type: 'AUXILIARY_ACTION', mode: 'SINGLE_OR_DOUBLE' },
    ],
  },
];

export function neutralBuilding(id: NeutralBuildingId): NeutralBuilding {
  const b = NEUTRAL_BUILDINGS.find((x) => x.id === id);
  if (!b) throw new Error(`unknown neutral building ${id}`);
  return b;
}

/** First-game setup: each tile on the slot printed with its letter. */
export const FIRST_GAME_NEUTRAL_SETUP: Readonly<Record<NeutralSlotId, NeutralBuildingId>> = {
  'N-A': 'A',
  'N-B': 'B',
  'N-C': 'C',
  'N-D': 'D',
  'N-E': 'E',
  'N-F': 'F',
  'N-G': 'G',
};
