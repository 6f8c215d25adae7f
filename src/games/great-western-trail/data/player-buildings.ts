/**
 * Player buildings: 12 double-sided tiles per player, faces 1a-12b. Provenance: facts come from the
 * gwt2 component data compiled from Board Game Fiesta and cross-checked against the rulebook.
 *
 * Build on an empty slot at neutral B for $2 per craftsman (craftsman-row slots 4 and 6: $1 per
 * craftsman), needing at least that many craftsmen. Replacing one of your own buildings: the new tile
 * must need more craftsmen; only the difference is needed and paid; the old tile leaves the game.
 * First game: all side a. Otherwise one player throws their tiles and everyone uses the same sides;
 * sides never flip during play.
 *
 * Uncertain (gwt2 README #3): hands, craftsmen and VP of the faces unchanged from the 1st edition are
 * the 1st-edition values as the source uses them; not checked against printed 2nd-edition tiles.
 */
import type { ActionSpec, DynamicCount, PlayerBuilding, PlayerBuildingId } from './types';

const herder = (max: number): ActionSpec => ({ type: 'MOVE_HERDER_FORWARD', min: 1, max });
const engine = (max: number | DynamicCount): ActionSpec => ({ type: 'MOVE_ENGINE_FORWARD', min: 0, max });
const AUX: ActionSpec = { type: 'AUXILIARY_ACTION', mode: 'SINGLE_OR_DOUBLE' };

/** Normal build cost: $2 per craftsman (neutral building B). */
export const BUILD_COST_PER_CRAFTSMAN = 2;
/** Build cost with the craftsman-row immediate action (slots 4 and 6). */
export const CHEAP_BUILD_COST_PER_CRAFTSMAN = 1;

export const PLAYER_BUILDINGS: readonly PlayerBuilding[] = [
  {
    id: '1a',
    number: 1,
    side: 'a',
    craftsmen: 1,
    costDollars: 2,
    vp: 1,
    hand: 'green',
    actions: [{ type: 'GAIN_DOLLARS', amount: 2, per: 'OWN_BUILDING_IN_WOODS' }],
  },
  {
    // Rulebook example: discard a Galloway on 2a for $4.
    id: '2a',
    number: 2,
    side: 'a',
    craftsmen: 1,
    costDollars: 2,
    vp: 1,
    hand: 'none',
    actions: [
      { type: 'DISCARD_CARDS', count: 1, card: { kind: 'BREED', breed: 'galloway' }, gain: { dollars: 4 } },
      { type: 'BUY_CATTLE' },
    ],
  },
  {
    id: '3a',
    number: 3,
    side: 'a',
    craftsmen: 1,
    costDollars: 2,
    vp: 1,
    hand: 'none',
    actions: [{ type: 'DISCARD_CARDS', count: 2, card: { kind: 'PAIR' }, gain: { dollars: 3 } }, herder(1)],
  },
  {
    id: '4a',
    number: 4,
    side: 'a',
    craftsmen: 2,
    costDollars: 4,
    vp: 3,
    hand: 'black',
    actions: [{ type: 'REMOVE_HAZARD', payDollars: 5, count: 1 }, herder(2)],
  },
  {
    // 2nd edition (changed): the 1st-edition 5a pair (hire -$1, engine) moved to 6a.
    id: '5a',
    number: 5,
    side: 'a',
    craftsmen: 3,
    costDollars: 6,
    vp: 4,
    hand: 'none',
    actions: [
      // A breeding-value-3 market card (Black Angus, Longhorn or Corriente).
      { type: 'DISCARD_CARDS', count: 1, card: { kind: 'BREEDING_VALUE', value: 3 }, gain: { dollars: 7 } },
      AUX,
    ],
  },
  {
    id: '6a',
    number: 6,
    side: 'a',
    craftsmen: 4,
    costDollars: 8,
    vp: 5,
    hand: 'none',
    actions: [{ type: 'HIRE_WORKER', costModifier: -1 }, engine('NUMBER_OF_ENGINEERS')],
  },
  {
    id: '7a',
    number: 7,
    side: 'a',
    craftsmen: 5,
    costDollars: 10,
    vp: 6,
    hand: 'both',
    // Per set of 1 green + 1 orange bandit tile in front of you.
    actions: [{ type: 'PER_BANDIT_PAIR_GAIN', gainPerPair: { certificates: 2, dollars: 2 } }],
  },
  {
    id: '8a',
    number: 8,
    side: 'a',
    craftsmen: 5,
    costDollars: 10,
    vp: 6,
    hand: 'green',
    actions: [{ type: 'CHOOSE_ONE', options: [{ type: 'COLLECT_BOUNTY' }, AUX] }, engine(2)],
  },
  {
    // 7 craftsmen: with at most 6 it can only be built by replacement.
    id: '9a',
    number: 9,
    side: 'a',
    craftsmen: 7,
    costDollars: 14,
    vp: 9,
    hand: 'none',
    actions: [engine(3), { type: 'EXTRAORDINARY_DELIVERY' }],
  },
  {
    id: '10a',
    number: 10,
    side: 'a',
    craftsmen: 9,
    costDollars: 18,
    vp: 13,
    hand: 'black',
    actions: [{ type: 'SET_CERTIFICATES_TO_LIMIT' }, herder(5)],
  },
  {
    // 2nd edition: 20 VP and up to 2 hazards at $2 each (1st-edition promo: 25 VP, 1 hazard).
    id: '11a',
    number: 11,
    side: 'a',
    craftsmen: 12,
    costDollars: 24,
    vp: 20,
    hand: 'none',
    actions: [{ type: 'REMOVE_HAZARD', payDollars: 2, count: 2 }],
  },
  {
    // Uncertain (gwt2 README #2): the source's tile 13 is taken to be the printed tile 12.
    // Uncertain (gwt2 README #3): hand "none" in the source; the 1st-edition promo 13a had green.
    id: '12a',
    number: 12,
    side: 'a',
    craftsmen: 4,
    costDollars: 8,
    vp: 5,
    hand: 'none',
    actions: [{ type: 'GAIN_DOLLARS', amount: 1, per: 'CRAFTSMAN' }, herder(1)],
  },
  {
    id: '1b',
    number: 1,
    side: 'b',
    craftsmen: 1,
    costDollars: 2,
    vp: 1,
    hand: 'green',
    actions: [
      { type: 'DISCARD_OBJECTIVE_CARD', count: 1, gain: { certificates: 2 } },
      { type: 'MOVE_ENGINE_BACKWARD', exact: 1, gain: { dollars: 3 } },
    ],
  },
  {
    id: '2b',
    number: 2,
    side: 'b',
    craftsmen: 1,
    costDollars: 2,
    vp: 1,
    hand: 'none',
    actions: [
      { type: 'DISCARD_CARDS', count: 1, card: { kind: 'BREED', breed: 'criollo' }, gain: { dollars: 2 } },
      {
        type: 'DISCARD_CARDS',
        count: 1,
        card: { kind: 'BREED', breed: 'santa_gertrudis' },
        // RULES.md D6: "to the next space" [L316] (the source's 1-2 is not followed).
        then: { type: 'MOVE_ENGINE_FORWARD', min: 1, max: 1 },
      },
    ],
  },
  {
    id: '3b',
    number: 3,
    side: 'b',
    craftsmen: 2,
    costDollars: 4,
    vp: 3,
    hand: 'none',
    actions: [AUX, herder(1)],
  },
  {
    id: '4b',
    number: 4,
    side: 'b',
    craftsmen: 2,
    costDollars: 4,
    vp: 3,
    hand: 'black',
    actions: [{ type: 'DRAW_THEN_DISCARD', count: 'NUMBER_OF_COWBOYS', upTo: true }, herder(3)],
  },
  {
    id: '5b',
    number: 5,
    side: 'b',
    craftsmen: 3,
    costDollars: 6,
    vp: 4,
    hand: 'none',
    actions: [
      {
        type: 'DISCARD_CARDS',
        count: 1,
        card: { kind: 'BREED', breed: 'pineywoods' },
        gain: { certificates: 2 },
      },
      { type: 'GAIN_DOLLARS', amount: 1, per: 'ENGINEER' },
    ],
  },
  {
    // Use the local actions of the building directly before or after this one on the trail (any
    // owner, neutral included); not back into a "use adjacent" building already used this turn.
    id: '6b',
    number: 6,
    side: 'b',
    craftsmen: 4,
    costDollars: 8,
    vp: 5,
    hand: 'none',
    actions: [{ type: 'USE_ADJACENT_BUILDING' }],
  },
  {
    id: '7b',
    number: 7,
    side: 'b',
    craftsmen: 5,
    costDollars: 10,
    vp: 6,
    hand: 'both',
    actions: [engine('OWN_BUILDINGS_IN_WOODS')],
  },
  {
    id: '8b',
    number: 8,
    side: 'b',
    craftsmen: 6,
    costDollars: 12,
    vp: 8,
    hand: 'none',
    actions: [
      {
        type: 'DISCARD_CARDS',
        count: 1,
        card: { kind: 'ANY' },
        gain: { dollars: 6, objectiveCardsToHand: 1 },
      },
    ],
  },
  {
    // Upgrade any station behind your engine (pay, place a disc, may appoint its station master).
    id: '9b',
    number: 9,
    side: 'b',
    craftsmen: 6,
    costDollars: 12,
    vp: 8,
    hand: 'none',
    actions: [{ type: 'UPGRADE_STATION_BEHIND_ENGINE' }],
  },
  {
    id: '10b',
    number: 10,
    side: 'b',
    craftsmen: 8,
    costDollars: 16,
    vp: 11,
    hand: 'black',
    actions: [{ type: 'GAIN_DOLLARS', amount: 4 }, engine(4), herder(4)],
  },
  {
    id: '11b',
    number: 11,
    side: 'b',
    craftsmen: 5,
    costDollars: 10,
    vp: 10,
    hand: 'none',
    actions: [engine('HAZARD_TILES_YOU_OWN')],
  },
  {
    // Rulebook (exchange-token paragraph): 12b gives an exchange token.
    // Uncertain (gwt2 README #2): source tile 13b taken to be printed 12b.
    id: '12b',
    number: 12,
    side: 'b',
    craftsmen: 3,
    costDollars: 6,
    vp: 4,
    hand: 'none',
    actions: [
      { type: 'GAIN_DOLLARS', amount: 2, per: 'UPGRADED_STATION' },
      { type: 'GAIN_EXCHANGE_TOKEN', amount: 1 },
    ],
  },
];

export function playerBuilding(id: PlayerBuildingId): PlayerBuilding {
  const b = PLAYER_BUILDINGS.find((x) => x.id === id);
  if (!b) throw new Error(`unknown player building ${id}`);
  return b;
}

/** The tiles each player owns (numbers 1..12); a tile shows side a or b for the whole game. */
export const PLAYER_BUILDING_NUMBERS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** First game: every tile on side a. */
export const BEGINNER_BUILDINGS: readonly PlayerBuildingId[] = PLAYER_BUILDING_NUMBERS.map(
  (n) => `${n}a` as PlayerBuildingId,
);

/** Extraordinary delivery (9a): explained here since it is one action with its own rules. */
export const EXTRAORDINARY_DELIVERY_RULE =
  'Move your engine back at least 1 space; then deliver to a city whose value is at most the number of spaces moved back (turnouts not counted). No income, no transport cost; disc placement, link actions and VP apply as usual. If the engine stops on a station you may upgrade it.';
