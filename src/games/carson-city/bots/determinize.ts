/**
 * Rebuild a full `CarsonState` from a seat's `CarsonView` (the base game is public except the
 * bag's order, which does not exist: the bag is a multiset of counts). What the view does not show
 * is reconstructed:
 * - Might is Right (§10.3) duel tiles: the view shows only the seat's own tiles (and revealed
 *   choices); the unseen tiles (all tiles minus those seen) are SAMPLED uniformly into the other
 *   hands, the others' sealed choices and the pile, by their public sizes, with the `rng` given
 *   (without one, in a fixed order). The bots therefore never read hidden tiles: the view has
 *   none. (The sample ignores what the event log could add, e.g. the announced totals.)
 * - the agenda (`flow.tasks`) from the phase, the step and the open prompt (exact for the draft,
 *   picks, placement, building squares, windows, parcel purchases, duel orders, Buy VP, estate
 *   choices and end of round; approximate inside Doctor/Undertaker follow-ups of a duel);
 * - per-round flags (`GROCER:LATER` is assumed for the yellow Grocer, the red Singer's extra
 *   cowboy is "used" when it stands on Gambling or, for the bot's own seat, when no legal command
 *   offers it), `doubled`/`dynamitedMines`/`ownIncome` (assumed empty: they only live between the
 *   estate choices and the payment), `firstOrder` after round 1 (the pass track is used),
 *   `ammunitionVoid`, `dynamiteSupply`, `teacherFirst` (derived);
 * - A New Beginning (§10.1): only what the view shows: the seat's own sheet before the reveal,
 *   every sheet after it. Another seat's sealed sheet is never read (it is not in the view): it
 *   stays null (a playout that reaches the reveal counts it as the normal-start sheet).
 */
import type { Seat } from '../../engine';
import type { Rng } from '../../random';
import type { MightState } from '../state';
import { STEPS, type ActionId } from '../data/actions';
import { edgeId, parcelIndex, type ParcelRef } from '../data/board';
import type { BuildingType } from '../data/buildings';
import { AUCTIONEER, CHINESE_WORKER, GROCER, SINGER, TEACHER, type Side } from '../data/personalities';
import type { CarsonCommand } from '../commands';
import type { CarsonState, Content, Placement, PlayerState, PromptState, SoloState, Task } from '../state';
import { type CardLetter, type Strategy } from '../modules/solo/solo';
import type { CarsonView } from '../view';
import { DEFAULT_OUTLAW_VP, isOutlawLoc } from '../modules/outlaws/outlaws';
import { greatServiceQueue, parcelPlacementTasks } from '../modules/anb/anb';
import { turnNumber } from '../rules';

const P = (r: ParcelRef): number => parcelIndex(r.c, r.r);

export interface Determinized {
  state: CarsonState;
  /** False when the agenda had to be approximated (mid-duel follow-ups). */
  exact: boolean;
}

function locKey(l: CarsonView['cowboys'][number]['location']): string {
  if (l.kind === 'ACTION') return `A:${l.action}`;
  if (l.kind === 'STABLE') return `S:${l.stable}`;
  return `${l.kind === 'PARCEL' ? 'P' : 'B'}:${P(l.parcel!)}`;
}

/** Seats in pass-track order (flow.byPassOrder). */
function byPass(s: CarsonState, seats: Seat[]): Seat[] {
  const idx = (x: Seat) => {
    const i = s.passTrack.indexOf(x);
    return i < 0 ? 99 : i;
  };
  return [...seats].sort((a, b) => idx(a) - idx(b));
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/** Sample the duel tiles the view hides (see the header); null without Might is Right. */
function sampleMight(view: CarsonView, rng: Rng | undefined): MightState | null {
  const d = view.duelTiles;
  if (!d) return null;
  const unseen: number[] = [];
  const sets = d.total / 6;
  for (let v = 0; v < 6; v++) for (let k = 0; k < sets; k++) unseen.push(v);
  const drop = (vals: number[]) => {
    for (const v of vals) {
      const i = unseen.indexOf(v);
      if (i >= 0) unseen.splice(i, 1);
    }
  };
  for (const p of d.players) {
    if (p.tiles) drop(p.tiles);
    if (p.chosen) drop(p.chosen);
  }
  const pool = rng ? rng.shuffle(unseen) : unseen;
  let next = 0;
  const take = (k: number) => pool.slice(next, (next += k)).sort((a, b) => a - b);
  const hands = d.players.map((p) => (p.tiles ? p.tiles.slice() : take(p.count)));
  const chosen = d.players.map((p) => (p.chosen ? p.chosen.slice() : take(p.chosenCount)));
  const pile = [0, 0, 0, 0, 0, 0];
  for (const v of take(d.pile)) pile[v] += 1;
  return { hands, chosen, pile, announced: d.players.map((p) => p.announced) };
}

/** The players as the view shows them (a red Singer's extra cowboy is marked on `placements`). */
function playersFromView(
  view: CarsonView,
  placements: Placement[],
  seat: Seat | undefined,
  legal: readonly CarsonCommand[] | undefined,
): PlayerState[] {
  const holdsView = (x: Seat, id: number, side?: Side) =>
    view.players[x].personalities.some((h) => h.id === id && (side === undefined || h.side === side));
  return view.players.map((p, x) => {
    const flags: string[] = [];
    if (holdsView(x, GROCER, 'YELLOW')) flags.push('GROCER:LATER');
    if (holdsView(x, SINGER, 'RED')) {
      const onGambling = placements.find((q) => q.seat === x && q.loc === 'A:GAMBLING' && q.noDuel);
      if (onGambling) onGambling.extra = true;
      const ownKnown =
        x === seat &&
        legal !== undefined &&
        view.phase === 'PLACEMENT' &&
        view.prompts.some((q) => q.seat === x);
      const offered = ownKnown && legal!.some((c) => c.type === 'PLACE_COWBOY' && c.extra === true);
      if (onGambling || (ownKnown && !offered)) flags.push('SINGER_EXTRA:USED');
    }
    return {
      money: p.money,
      vp: p.vp,
      reserve: p.reserve,
      revolvers: p.revolvers,
      roads: p.roads,
      pending: p.pending.slice(),
      dynamite: p.dynamite,
      held: p.personalities.map((h) =>
        h.second ? { id: h.id, side: h.side, second: true as const } : { id: h.id, side: h.side },
      ),
      noDuel: p.noDuelMarkers,
      white: p.whiteCowboy as PlayerState['white'],
      flags,
      doubled: null,
      dynamitedMines: [],
      ownIncome: 0,
    };
  });
}

function promptFromView(view: CarsonView): PromptState | null {
  return view.prompts.length > 0 && view.prompts[0].kind === 'FILL_SHEET'
    ? { seat: view.prompts[0].seat, kind: 'FILL_SHEET', waiting: view.prompts.map((p) => p.seat) }
    : view.prompts.length > 0
      ? ({
          seat: view.prompts[0].seat,
          kind: view.prompts[0].kind,
          ...(view.prompts[0].detail as object),
        } as PromptState)
      : null;
}

function optionsFromView(view: CarsonView): CarsonState['options'] {
  return {
    buildings: 'FULL',
    personalitySet: 'LIST',
    tiles: [],
    modules: (view.modules ?? []).slice(),
    // The river's parcels are in `parcels` (content RIVER); the options only describe it.
    river: view.river ? { board: view.river.board, course: view.river.parcels.map((r) => ({ ...r })) } : null,
    stable3RodeoValue: view.horses ? view.horses.hats[2] : 2,
    ...(view.solo && {
      solo: {
        strategy: view.solo.strategy as Strategy,
        ...view.solo.data,
        dataSource: view.solo.dataSource,
        placeholders: view.solo.placeholders.slice(),
      },
    }),
    outlawVP: view.outlaws ? view.outlaws.vpTable.slice() : DEFAULT_OUTLAW_VP.slice(),
    ...(view.outlaws && { outlawVPSource: view.outlaws.dataSource }),
  };
}

/** A New Beginning's and Horses' state as the view shows them. */
function anbAndHorsesFromView(view: CarsonView): Pick<CarsonState, 'anb' | 'horses'> {
  const nb = view.newBeginning;
  return {
    anb: nb
      ? {
          sheets: nb.seats.map((x) => (x.sheet ? { ...x.sheet } : null)),
          sealed: nb.seats.map((x) => x.sealed),
          revealed: nb.revealed,
          greatServiceUsed: nb.seats.map((x) => x.greatServiceUsed),
        }
      : null,
    horses: view.horses
      ? {
          supply: view.horses.supply,
          markersLeft: view.horses.rodeoMarkersLeft,
          players: view.horses.players.map((h) => ({
            supply: h.supply,
            stables: h.stables.map((x) => x.horses),
            markers: h.rodeoMarkers,
          })),
        }
      : null,
  };
}

export function determinize(
  view: CarsonView,
  seat?: Seat,
  legal?: readonly CarsonCommand[],
  rng?: Rng,
): Determinized {
  const n = view.players.length;
  const parcels: CarsonState['parcels'] = Array.from({ length: 64 }, () => ({ owner: null, content: null }));
  for (const v of view.parcels) parcels[P(v.parcel)] = { owner: v.owner, content: v.content as Content };
  const bag = {} as Record<BuildingType, number>;
  for (const [t, c] of Object.entries(view.bag.byType)) bag[t as BuildingType] = c;
  const placements: Placement[] = view.cowboys.map((c) => ({
    seat: c.seat,
    loc: locKey(c.location),
    white: c.white,
    noDuel: c.noDuel,
    dynamite: c.dynamite,
    extra: false,
  }));
  const holdsView = (x: Seat, id: number, side?: Side) =>
    view.players[x].personalities.some((h) => h.id === id && (side === undefined || h.side === side));
  const players = playersFromView(view, placements, seat, legal);
  const holder = (id: number, side?: Side): Seat | null => {
    for (let x = 0; x < n; x++) if (holdsView(x, id, side)) return x;
    return null;
  };
  const stepIndex = view.step === null ? -1 : STEPS.indexOf(view.step as (typeof STEPS)[number]);
  const prompt = promptFromView(view);
  const redAuctioneer = holder(AUCTIONEER, 'RED') !== null;
  const ammoStep = STEPS.indexOf('AMMUNITION');
  const s: CarsonState = {
    options: optionsFromView(view),
    seatCount: n,
    round: view.round,
    parcels,
    roads: view.roads.map(edgeId).sort((a, b) => a - b),
    centre: P(view.centre),
    track: view.track.map((t) => t.building),
    bag,
    players,
    tiles: view.tiles.map((t) => ({
      id: t.id,
      side: t.side as CarsonState['tiles'][number]['side'],
      takenBy: t.takenBy,
    })),
    firstOrder: view.solo
      ? [view.solo.standish, 0]
      : view.round === 1 || view.phase === 'DRAFT'
        ? view.pickOrder.slice()
        : view.passTrack.slice(),
    pickOrder: view.pickOrder.slice(),
    turnOrder: view.turnOrder.slice(),
    passTrack: view.passTrack.slice(),
    passed: view.passed.slice(),
    placements,
    townHall: {
      parcel: view.townHall.parcel === null ? null : P(view.townHall.parcel),
      occupant: view.townHall.occupant,
    },
    threeGuns: view.threeGuns,
    ammunitionVoid:
      redAuctioneer &&
      view.threeGuns !== null &&
      (view.phase === 'PICK' ||
        view.phase === 'PLACEMENT' ||
        (view.phase === 'RESOLVE' && stepIndex < ammoStep)),
    dynamiteSupply: 7 - view.players.reduce((a, p) => a + p.dynamite, 0),
    teacherFirst: holder(TEACHER, 'YELLOW'),
    flow: { phase: view.phase, tasks: [], prompt, step: stepIndex },
    final: view.final,
    // A New Beginning: only what the view shows (another seat's sealed sheet stays unknown: null).
    ...anbAndHorsesFromView(view),
    might: sampleMight(view, rng),
    solo: soloFromView(view),
    // Outlaws (§10.5): all public; ids keep their order (the oldest moves first).
    outlaws: view.outlaws
      ? {
          strength: view.outlaws.strength,
          supply: view.outlaws.supply,
          figures: view.outlaws.figures.map((f) => ({ id: f.id, parcel: P(f.parcel) })),
          nextId: Math.max(0, ...view.outlaws.figures.map((f) => f.id)) + 1,
        }
      : null,
  };
  const { tasks, exact } = agenda(s, prompt);
  s.flow.tasks = tasks;
  return { state: s, exact };
}

/**
 * Solo (§11): Standish's state is public: his deck is the strategy's 12 cards minus his discard
 * and this round's revealed cards (a multiset, as in the engine).
 */
function soloFromView(view: CarsonView): SoloState | null {
  const v = view.solo;
  if (!v) return null;
  const strategy = v.strategy as Strategy;
  const deck = [...v.data.decks[strategy]];
  for (const c of [...v.discard, ...v.revealed]) {
    const i = deck.indexOf(c as CardLetter);
    if (i >= 0) deck.splice(i, 1);
  }
  return {
    strategy,
    personality: v.personality as SoloState['personality'],
    standish: v.standish,
    deck: deck.sort(),
    discard: v.discard.slice() as CardLetter[],
    revealed: v.revealed.slice() as CardLetter[],
    onCard: v.onCard,
    bridges: v.bridgesBuilt,
  };
}

/** Solo: Standish never spends cash (§11.7). */
function cashQueue(s: CarsonState, seats: Seat[]): Seat[] {
  return s.solo ? seats.filter((x) => x !== s.solo!.standish) : seats;
}

/** What is left of the building-income step (§5.7) after a duel there, when rebuilt approximately. */
const ESTATE_REST: readonly Task[] = [
  { t: 'DUELS', step: 'ESTATE', chooser: null },
  { t: 'ESTATE_CHOICES' },
  { t: 'ESTATE_PAY' },
  { t: 'EDITOR' },
];

/** What runs after the current resolution step: the later steps and the end of the round. */
function tail(s: CarsonState, fromStep: number): Task[] {
  return [
    ...STEPS.slice(fromStep).map((step): Task => ({ t: 'STEP', step })),
    ...(s.horses ? [{ t: 'RODEO' } as Task] : []),
    { t: 'EOR_PERSONALITIES' },
    ...(s.solo ? [{ t: 'SOLO_EOR' } as Task] : []),
    { t: 'EOR_COWBOYS' },
    { t: 'EOR_CASH', queue: cashQueue(s, s.passTrack.slice()) },
    s.round < 4 ? { t: 'EOR_TRACK' } : { t: 'FINAL' },
  ];
}

function eorTail(s: CarsonState): Task[] {
  return [s.round < 4 ? { t: 'EOR_TRACK' } : { t: 'FINAL' }];
}

function after<T>(list: T[], x: T): T[] {
  const i = list.indexOf(x);
  return i < 0 ? [] : list.slice(i + 1);
}

function estateTasks(s: CarsonState, seats: Seat[]): Task[] {
  const out: Task[] = [];
  for (const x of seats) {
    if (s.players[x].held.some((h) => h.id === GROCER && h.side === 'YELLOW'))
      out.push({ t: 'PERSONALITY', id: GROCER, seat: x, stage: 'GROCER_INCOME', data: [] });
    if (s.players[x].dynamite > 0)
      out.push({ t: 'PERSONALITY', id: -1, seat: x, stage: 'DYNAMITE', data: [] });
  }
  return out;
}

type Agenda = { tasks: Task[]; exact: boolean };

function agenda(s: CarsonState, prompt: PromptState | null): Agenda {
  if (!prompt || s.flow.phase === 'GAME_OVER') return { tasks: [], exact: true };
  switch (s.flow.phase) {
    case 'DRAFT':
      return draftAgenda(s, prompt);
    case 'PICK':
      return pickAgenda(s, prompt);
    case 'PLACEMENT':
      // Outlaws: the first player orders the moves at the end of Phase 1 (§10.5); the choice's
      // handler schedules the remaining moves itself.
      if (prompt.kind === 'CHOOSE_OPTION' && prompt.purpose === 'OUTLAW_MOVE_ORDER')
        return { tasks: [{ t: 'PLACE_TURN', index: 0 }], exact: true };
      // Horses: the placement turn waits behind the stable prompts.
      if (prompt.kind === 'STABLE_HORSE' || prompt.kind === 'STABLE_TWO')
        return { tasks: [{ t: 'PLACE_TURN', index: prompt.index + 1 }], exact: true };
      return { tasks: [], exact: true };
    case 'RESOLVE':
      return resolveAgenda(s, prompt);
    case 'END_OF_ROUND':
      return endOfRoundAgenda(s, prompt);
    default:
      return { tasks: [], exact: false };
  }
}

function draftAgenda(s: CarsonState, prompt: PromptState): Agenda {
  const order = s.pickOrder;
  // Solo: only the player drafts, twice (§11.1 step 4).
  const seq = s.solo ? [0, 0] : [...order.slice().reverse(), ...order];
  // A New Beginning (§10.1): sheets still out, then the reveal; or the bought parcels' turns.
  if (s.anb) {
    if (prompt.kind === 'FILL_SHEET')
      return { tasks: [{ t: 'REVEAL_SHEETS' }, { t: 'ROUND_START' }], exact: true };
    const counts = s.anb.sheets.map((x) => x?.parcels ?? 0);
    const placed = s.parcels.filter((c) => c.owner !== null).length;
    const rest = parcelPlacementTasks(order, counts).slice(placed + 1);
    return { tasks: [...rest, { t: 'ROUND_START' }], exact: true };
  }
  const done = s.parcels.filter((c) => c.owner !== null).length;
  return {
    tasks: [...seq.slice(done + 1).map((x): Task => ({ t: 'DRAFT', seat: x })), { t: 'ROUND_START' }],
    exact: true,
  };
}

function pickAgenda(s: CarsonState, prompt: PromptState): Agenda {
  const picking = prompt.kind === 'PICK_CHARACTER' && !prompt.paperboy ? prompt.seat : -1;
  const picks = s.pickOrder
    .filter((x) => s.players[x].held.length === 0 && x !== picking)
    .map((x): Task => ({ t: 'PICK', seat: x }));
  const pre: Task[] = [];
  let exact = true;
  if (prompt.kind === 'PLACE_TOWN_HALL') {
    pre.push({ t: 'REFILL' });
    const cw = holder(s, CHINESE_WORKER, 'RED');
    const last = cw === null ? undefined : s.players[cw].pending[s.players[cw].pending.length - 1];
    if (cw !== null && last !== undefined) pre.push({ t: 'OPEN_PLACE_BUILDING', seat: cw, only: last });
    exact = false;
  }
  // A New Beginning: Great service done after the picks (§10.1). Inside its stage, the users
  // after the one asked follow; a prompt opened by a second tile's effect is approximated.
  const service: Task[] = [];
  if (s.anb) {
    if (prompt.kind === 'GREAT_SERVICE') {
      const queue = greatServiceQueue(s, (x) => turnNumber(s, x));
      service.push(...after(queue, prompt.seat).map((x): Task => ({ t: 'GREAT_SERVICE', seat: x })));
    } else if (picks.length > 0 || prompt.kind === 'PICK_CHARACTER')
      service.push({ t: 'GREAT_SERVICE_OFFERS' });
    else exact = false;
  }
  return { tasks: [...pre, ...picks, ...service, { t: 'PICKS_DONE' }], exact };
}

// Might is Right (and A New Beginning's Marksman): the duel's continuation is in the prompt
// (also in the Marksman's MARKSMAN_DISCARD offer); then the step goes on.
function duelRest(step: (typeof STEPS)[number], rest: Task[], windowAll: Task, outlaw: boolean): Agenda {
  if (step === 'PARCELS')
    return {
      tasks: [{ t: 'DUELS', step: 'PARCELS', chooser: null }, { t: 'PARCEL_BUYS' }, ...rest],
      exact: false,
    };
  // Outlaws: a fight with tiles comes before the rest of building income.
  if (step === 'ESTATE' && outlaw)
    return { tasks: [{ t: 'OUTLAW_FIGHTS' }, { t: 'ESTATE_MAIN' }, ...rest], exact: true };
  if (step === 'ESTATE') return { tasks: [...ESTATE_REST, ...rest], exact: false };
  return { tasks: [...(step.startsWith('BUILD_') ? [windowAll] : []), ...rest], exact: true };
}

/** The rest of a resolution step after the open prompt, where the prompt tells it (null: approximate). */
function resolvePromptAgenda(
  s: CarsonState,
  prompt: PromptState,
  step: (typeof STEPS)[number],
  rest: Task[],
  windowAll: Task,
  allByPass: Seat[],
): Agenda | null {
  switch (prompt.kind) {
    case 'BUY_BUILDING':
      return { tasks: [windowAll, ...rest], exact: true };
    case 'PLACE_BUILDING':
    case 'PLACE_HOUSE':
    case 'CONSENT': {
      const builder = prompt.kind === 'CONSENT' ? prompt.requester : prompt.seat;
      const mode = prompt.kind === 'PLACE_BUILDING' ? prompt.mode : prompt.build.mode;
      if (step === 'PARCELS' || step === 'ESTATE' || !step.startsWith('BUILD_'))
        return { tasks: rest, exact: false };
      const w: Task = mode === 'PURCHASE' ? windowAll : { t: 'WINDOW', queue: after(allByPass, builder) };
      return { tasks: [w, ...rest], exact: true };
    }
    case 'BUY_PARCEL': {
      const claims = s.placements.filter((p) => p.loc.startsWith('P:') && !isOutlawLoc(s, p.loc));
      const idx = (x: Seat) => {
        const k = s.passTrack.indexOf(x);
        return k < 0 ? 99 : k;
      };
      claims.sort((a, b) => idx(a.seat) - idx(b.seat) || Number(a.loc.slice(2)) - Number(b.loc.slice(2)));
      return {
        tasks: [
          ...claims.map((c): Task => ({ t: 'BUY_PARCEL', seat: c.seat, parcel: Number(c.loc.slice(2)) })),
          ...rest,
        ],
        exact: true,
      };
    }
    case 'CHOOSE_DUEL_ORDER': {
      const more: Task[] =
        prompt.step === 'PARCELS'
          ? [{ t: 'PARCEL_BUYS' }]
          : [{ t: 'ESTATE_CHOICES' }, { t: 'ESTATE_PAY' }, { t: 'EDITOR' }];
      return {
        tasks: [{ t: 'DUELS', step: prompt.step, chooser: prompt.seat }, ...more, ...rest],
        exact: true,
      };
    }
    case 'CHOOSE_OPTION':
      if (prompt.purpose === 'MARKSMAN_DISCARD' && prompt.duel)
        return duelRest(step, rest, windowAll, prompt.duel.then.kind === 'OUTLAW');
      // Outlaws: a fight winner's reward, then the other fights and building income.
      if (prompt.purpose.startsWith('OUTLAW_REWARD:'))
        return { tasks: [{ t: 'OUTLAW_FIGHTS' }, { t: 'ESTATE_MAIN' }, ...rest], exact: true };
      if (prompt.purpose === 'GROCER_INCOME' || prompt.purpose === 'DYNAMITE') {
        const own: Task[] =
          prompt.purpose === 'GROCER_INCOME' && s.players[prompt.seat].dynamite > 0
            ? [{ t: 'PERSONALITY', id: -1, seat: prompt.seat, stage: 'DYNAMITE', data: [] }]
            : [];
        return {
          tasks: [
            ...own,
            ...estateTasks(s, after(allByPass, prompt.seat)),
            { t: 'ESTATE_PAY' },
            { t: 'EDITOR' },
            ...rest,
          ],
          exact: true,
        };
      }
      break;
    case 'BUY_VP':
      return { tasks: rest, exact: true };
    case 'CHOOSE_DUEL_DIE':
    case 'CHOOSE_DUEL_TILE':
      return duelRest(step, rest, windowAll, prompt.duel.then.kind === 'OUTLAW');
    case 'BUY_HORSE': {
      // Wages with Horses: the later seats still on Wages, in pass order.
      const later = byPass(s, [
        ...new Set(s.placements.filter((p) => p.loc === 'A:WAGES').map((p) => p.seat)),
      ]);
      const count = (x: Seat) => s.placements.filter((p) => p.loc === 'A:WAGES' && p.seat === x).length;
      return {
        tasks: [...later.map((x): Task => ({ t: 'WAGES', seat: x, count: count(x) })), ...rest],
        exact: true,
      };
    }
    default:
      break;
  }
  return null;
}

function resolveAgenda(s: CarsonState, prompt: PromptState): Agenda {
  const allByPass = byPass(s, range(s.seatCount));
  const i = s.flow.step;
  const rest = tail(s, i + 1);
  const step = STEPS[i];
  const windowAll: Task = { t: 'WINDOW', queue: allByPass };
  const known = resolvePromptAgenda(s, prompt, step, rest, windowAll, allByPass);
  if (known) return known;
  // Doctor / Undertaker follow-ups of a duel: continue the step approximately.
  if (step === 'PARCELS')
    return {
      tasks: [{ t: 'DUELS', step: 'PARCELS', chooser: null }, { t: 'PARCEL_BUYS' }, ...rest],
      exact: false,
    };
  if (step === 'ESTATE') return { tasks: [...ESTATE_REST, ...rest], exact: false };
  const action = step as ActionId;
  const here = s.placements.filter((p) => p.loc === `A:${action}`);
  const perform = here.length > 0 ? [{ t: 'PERFORM', seat: here[here.length - 1].seat, action } as Task] : [];
  const win: Task[] = action.startsWith('BUILD_') ? [windowAll] : [];
  return { tasks: [...perform, ...win, ...rest], exact: false };
}

function endOfRoundAgenda(s: CarsonState, prompt: PromptState): Agenda {
  const allByPass = byPass(s, range(s.seatCount));
  if (prompt.kind === 'SPEND_CASH') {
    return {
      tasks: [{ t: 'EOR_CASH', queue: cashQueue(s, after(s.passTrack, prompt.seat)) }, ...eorTail(s)],
      exact: true,
    };
  }
  if (prompt.kind === 'PLACE_TOWN_HALL')
    return { tasks: [{ t: 'REFILL' }, { t: 'ROUND_START' }], exact: true };
  // Personality end-of-round prompts (red Banker): later tiles, then cowboys and cash.
  const later = after(allByPass, prompt.seat).flatMap((x) =>
    s.players[x].held.map((h, k): Task => ({
      t: 'PERSONALITY',
      id: h.id,
      seat: x,
      stage: 'END_OF_ROUND',
      data: [k],
    })),
  );
  return {
    tasks: [
      ...later,
      ...(s.solo ? [{ t: 'SOLO_EOR' } as Task] : []),
      { t: 'EOR_COWBOYS' },
      { t: 'EOR_CASH', queue: cashQueue(s, s.passTrack.slice()) },
      ...eorTail(s),
    ],
    exact: true,
  };
}

function holder(s: CarsonState, id: number, side: Side): Seat | null {
  for (let x = 0; x < s.seatCount; x++)
    if (s.players[x].held.some((h) => h.id === id && h.side === side)) return x;
  return null;
}
