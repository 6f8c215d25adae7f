/**
 * Objective cards: 24 general and 4 starting. Provenance: facts come from the gwt2 component data
 * compiled from Board Game Fiesta and cross-checked against the rulebook.
 *
 * Taking an objective (neutral C, city links, station masters, buildings): one of the 4 face-up cards
 * (refill the display from the deck) or the top of the deck, face up onto your discard pile (8b: into
 * your hand). An empty deck does not refill the display.
 * Playing: on your own turn, before phase A or before/after a whole action in phase B (not in phase C):
 * put it in your objective area and optionally do its immediate action. (The source also forbids it at
 * Kansas City; the rulebook does not.)
 * End of game: each objective card still in your deck is removed or added to your area (no immediate
 * action); cards in the area score +vp if all tasks are met, otherwise -penalty. Each task item
 * counts for one card only. Starting objectives have no penalty.
 */
import type { ActionSpec, ObjectiveCard, ObjectiveId, ObjectiveTask } from './types';

const AUX: ActionSpec = { type: 'AUXILIARY_ACTION', mode: 'SINGLE_OR_DOUBLE' };
/** Draw up to 3 cards, then discard as many as drawn. */
const DRAW3: ActionSpec = { type: 'DRAW_THEN_DISCARD', count: 3, upTo: true };
const engine = (max: number): ActionSpec => ({ type: 'MOVE_ENGINE_FORWARD', min: 0, max });
/**
 * Up to 3 steps ignoring fees; the location reached is not used, Kansas City cannot be entered. Played
 * before phase A: phase A starts from there; played in phase B: go on to phase C.
 */
const FREE_HERDER: ActionSpec = { type: 'MOVE_HERDER_FORWARD_FREE', min: 1, max: 3 };

/** What each task item is (each item satisfies one card only). */
export const OBJECTIVE_TASK_MEANING: Readonly<Record<ObjectiveTask, string>> = {
  building: '1 of your player buildings on the board',
  green_bandit: '1 green bandit tile in front of you',
  orange_bandit: '1 orange bandit tile in front of you',
  hazard: '1 hazard tile (any kind) in front of you',
  station: '1 of your discs on a station',
  value3_cattle: '1 breeding-value-3 market card in your deck (not a Simmental)',
  shorthorn: '1 Shorthorn (value 4) in your deck (not a Simmental)',
  hereford: '1 Hereford (value 5) in your deck (not a Simmental)',
  new_york_delivery: '1 of your discs on New York',
};

/**
 * The 24 general cards then the 4 starting cards. Card ids are ours (OBJ-01..24, START-1..4); cards
 * OBJ-06..09 are four copies of the same card.
 */
export const OBJECTIVE_CARDS: readonly ObjectiveCard[] = [
  {
    id: 'OBJ-01',
    starting: false,
    immediateAction: { type: 'GAIN_DOLLARS', amount: 2 },
    tasks: ['shorthorn', 'hazard', 'hazard'],
    vp: 3,
    penalty: 2,
  },
  {
    id: 'OBJ-02',
    starting: false,
    immediateAction: { type: 'GAIN_DOLLARS', amount: 2 },
    tasks: ['building', 'green_bandit', 'orange_bandit'],
    vp: 3,
    penalty: 2,
  },
  {
    id: 'OBJ-03',
    starting: false,
    immediateAction: { type: 'GAIN_DOLLARS', amount: 2 },
    tasks: ['station', 'station', 'hazard'],
    vp: 3,
    penalty: 2,
  },
  {
    id: 'OBJ-04',
    starting: false,
    immediateAction: { type: 'GAIN_DOLLARS', amount: 2 },
    tasks: ['value3_cattle', 'value3_cattle', 'value3_cattle', 'building'],
    vp: 4,
    penalty: 2,
  },
  {
    id: 'OBJ-05',
    starting: false,
    immediateAction: { type: 'GAIN_DOLLARS', amount: 2 },
    tasks: ['building', 'orange_bandit', 'orange_bandit'],
    vp: 3,
    penalty: 2,
  },
  { id: 'OBJ-06', starting: false, immediateAction: AUX, tasks: ['new_york_delivery'], vp: 5, penalty: 3 },
  { id: 'OBJ-07', starting: false, immediateAction: AUX, tasks: ['new_york_delivery'], vp: 5, penalty: 3 },
  { id: 'OBJ-08', starting: false, immediateAction: AUX, tasks: ['new_york_delivery'], vp: 5, penalty: 3 },
  { id: 'OBJ-09', starting: false, immediateAction: AUX, tasks: ['new_york_delivery'], vp: 5, penalty: 3 },
  { id: 'OBJ-10', starting: false, immediateAction: DRAW3, tasks: ['hereford', 'hazard'], vp: 3, penalty: 2 },
  {
    id: 'OBJ-11',
    starting: false,
    immediateAction: DRAW3,
    tasks: ['value3_cattle', 'value3_cattle', 'value3_cattle', 'station'],
    vp: 4,
    penalty: 2,
  },
  {
    id: 'OBJ-12',
    starting: false,
    immediateAction: DRAW3,
    tasks: ['building', 'building', 'hazard'],
    vp: 3,
    penalty: 2,
  },
  {
    id: 'OBJ-13',
    starting: false,
    immediateAction: DRAW3,
    tasks: ['station', 'green_bandit', 'orange_bandit'],
    vp: 3,
    penalty: 2,
  },
  {
    id: 'OBJ-14',
    starting: false,
    immediateAction: DRAW3,
    tasks: ['station', 'green_bandit', 'green_bandit'],
    vp: 3,
    penalty: 2,
  },
  {
    id: 'OBJ-15',
    starting: false,
    immediateAction: engine(2),
    tasks: ['shorthorn', 'shorthorn', 'station', 'green_bandit'],
    vp: 5,
    penalty: 3,
  },
  {
    id: 'OBJ-16',
    starting: false,
    immediateAction: engine(2),
    tasks: ['value3_cattle', 'shorthorn', 'hereford'],
    vp: 5,
    penalty: 3,
  },
  {
    id: 'OBJ-17',
    starting: false,
    immediateAction: engine(2),
    tasks: ['building', 'building', 'green_bandit', 'green_bandit'],
    vp: 5,
    penalty: 3,
  },
  {
    id: 'OBJ-18',
    starting: false,
    immediateAction: engine(3),
    tasks: ['building', 'orange_bandit', 'hazard', 'hazard'],
    vp: 5,
    penalty: 3,
  },
  {
    id: 'OBJ-19',
    starting: false,
    immediateAction: engine(3),
    tasks: ['station', 'station', 'hazard', 'hazard'],
    vp: 5,
    penalty: 3,
  },
  {
    id: 'OBJ-20',
    starting: false,
    immediateAction: FREE_HERDER,
    tasks: ['building', 'building', 'hazard', 'hazard'],
    vp: 5,
    penalty: 2,
  },
  {
    id: 'OBJ-21',
    starting: false,
    immediateAction: FREE_HERDER,
    tasks: ['station', 'station', 'orange_bandit', 'orange_bandit'],
    vp: 5,
    penalty: 2,
  },
  {
    id: 'OBJ-22',
    starting: false,
    immediateAction: FREE_HERDER,
    tasks: ['value3_cattle', 'shorthorn', 'hereford'],
    vp: 5,
    penalty: 2,
  },
  {
    id: 'OBJ-23',
    starting: false,
    immediateAction: FREE_HERDER,
    tasks: ['value3_cattle', 'shorthorn', 'hazard', 'hazard'],
    vp: 5,
    penalty: 2,
  },
  {
    id: 'OBJ-24',
    starting: false,
    immediateAction: FREE_HERDER,
    tasks: ['station', 'station', 'building', 'building'],
    vp: 5,
    penalty: 2,
  },
  {
    id: 'START-1',
    starting: true,
    immediateAction: null,
    tasks: ['value3_cattle', 'shorthorn', 'building'],
    vp: 3,
    penalty: 0,
  },
  {
    id: 'START-2',
    starting: true,
    immediateAction: null,
    tasks: ['station', 'station', 'green_bandit'],
    vp: 3,
    penalty: 0,
  },
  {
    id: 'START-3',
    starting: true,
    immediateAction: null,
    tasks: ['building', 'building', 'hazard'],
    vp: 3,
    penalty: 0,
  },
  {
    id: 'START-4',
    starting: true,
    immediateAction: null,
    tasks: ['orange_bandit', 'hazard', 'hazard'],
    vp: 3,
    penalty: 0,
  },
];

export const GENERAL_OBJECTIVES: readonly ObjectiveCard[] = OBJECTIVE_CARDS.filter((c) => !c.starting);
export const STARTING_OBJECTIVES: readonly ObjectiveCard[] = OBJECTIVE_CARDS.filter((c) => c.starting);

/** Face-up general objectives next to the board. */
export const OBJECTIVE_DISPLAY_SIZE = 4;

export function objectiveCard(id: ObjectiveId): ObjectiveCard {
  const c = OBJECTIVE_CARDS.find((x) => x.id === id);
  if (!c) throw new Error(`unknown objective card ${id}`);
  return c;
}
