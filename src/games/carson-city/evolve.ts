/**
 * evolve: applies one event. `applyEvent` mutates a draft (used by decide on its own working copy);
 * `evolve` clones first, so callers' states are never mutated (engine.ts contract), and then moves
 * the flow on from the event's facts (agenda.ts `followFlow`) in games started under those rules
 * (`state.agenda`); a FLOW event (where the rules do not reach, and in every decision of games
 * started before event schema 2) sets it outright.
 */
import { followFlow } from './agenda';
import { moduleFlow } from './agenda-modules';
import type { CarsonEvent } from './events';
import type { CarsonState, HorsesState, PlayerState, SoloState } from './state';
import { PORTS } from './ports';
import { isStandish, removePlacement } from './apply';
import { applySetup } from './phases/setup/evolve';
import { applyPicks } from './phases/picks/evolve';
import { applyPlacement } from './phases/placement/evolve';
import { applyResolution } from './phases/resolution/evolve';
import { applyRoundEnd } from './phases/end-of-round/evolve';

/**
 * decide's working copy of `s`: a copy of everything an event (applyEvent) or a decision may
 * mutate in place. Parcel cells, personality tiles, placements and held tiles are only ever
 * replaced, so they are shared; `options` and `final` are only ever replaced too.
 */
export function draftState(s: CarsonState): CarsonState {
  return {
    ...s,
    parcels: s.parcels.slice(),
    roads: s.roads.slice(),
    track: s.track.slice(),
    bag: { ...s.bag },
    players: s.players.map(copyPlayer),
    tiles: s.tiles.slice(),
    firstOrder: s.firstOrder.slice(),
    pickOrder: s.pickOrder.slice(),
    turnOrder: s.turnOrder.slice(),
    passTrack: s.passTrack.slice(),
    passed: s.passed.slice(),
    placements: s.placements.slice(),
    townHall: { ...s.townHall },
    // Tasks and prompts are never mutated in place (only replaced), so a shallow copy suffices.
    flow: { ...s.flow, tasks: s.flow.tasks.slice() },
    horses: cloneHorses(s.horses),
    ...(s.solo ? { solo: cloneSolo(s.solo) } : {}),
    // A New Beginning: only ever replaced, never mutated in place (applyEvent).
    anb: s.anb,
  };
}

/**
 * A deep copy of everything an event or a decision may mutate, and of the entries the bots change
 * for a look-ahead and put back (bots/evaluate.ts).
 */
export function cloneState(s: CarsonState): CarsonState {
  return {
    ...draftState(s),
    parcels: s.parcels.map((p) => ({ ...p })),
    tiles: s.tiles.map((t) => ({ ...t })),
    placements: s.placements.map((p) => ({ ...p })),
    players: s.players.map((p) => ({ ...copyPlayer(p), held: p.held.map((h) => ({ ...h })) })),
  };
}

export function cloneSolo(x: SoloState): SoloState {
  return { ...x, deck: x.deck.slice(), discard: x.discard.slice(), revealed: x.revealed.slice() };
}

export function cloneHorses(h: HorsesState | null): HorsesState | null {
  return h === null ? null : { ...h, players: h.players.map((p) => ({ ...p, stables: p.stables.slice() })) };
}

/** The normal kit (§3 step 1), or A New Beginning's $50 and 1 cowboy, nothing else (§10.1). */
function newPlayer(newBeginning: boolean): PlayerState {
  return {
    money: newBeginning ? PORTS.anb.startMoney : 15,
    vp: 0,
    reserve: newBeginning ? PORTS.anb.startCowboys : 3,
    revolvers: newBeginning ? 0 : 1,
    roads: newBeginning ? 0 : 1,
    pending: [],
    dynamite: 0,
    held: [],
    noDuel: 0,
    white: 'NONE',
    flags: [],
    doubled: null,
    dynamitedMines: [],
    ownIncome: 0,
  };
}

export function applyEvent(s: CarsonState | null, e: CarsonEvent): CarsonState {
  if (e.type === 'GAME_STARTED') return startedState(e);
  if (!s) throw new Error(`event ${e.type} before GAME_STARTED`);
  // Each applier answers a fixed set of types (its cases): the one that took a type is asked first.
  const known = APPLIER_OF.get(e.type);
  if (known !== undefined) {
    if (known >= 0) APPLIERS[known](s, e);
    return s;
  }
  let taken = -1;
  for (let i = 0; i < APPLIERS.length && taken < 0; i++) if (APPLIERS[i](s, e)) taken = i;
  APPLIER_OF.set(e.type, taken);
  return s;
}

/** Event type -> index into APPLIERS of the applier whose case it is (-1: none), as met. */
const APPLIER_OF = new Map<CarsonEvent['type'], number>();

/**
 * One applier per rulebook phase (phases/<phase>/evolve.ts: setup, picks, placement, resolution,
 * end of round), and here the gains every phase shares (roads, money, VP, cowboys, duels) and the
 * modules' facts (Horses; solo, Outlaws) with the recorded flow. Each type is one applier's case.
 */
const APPLIERS: ((s: CarsonState, e: CarsonEvent) => boolean)[] = [
  applySetup,
  applyPicks,
  applyPlacement,
  applyGains,
  applyResolution,
  applyRoundEnd,
  applyHorses,
  applySoloOutlawsFlow,
];

/** The state GAME_STARTED creates. */
function startedState(e: Extract<CarsonEvent, { type: 'GAME_STARTED' }>): CarsonState {
  const anb = (e.options.modules ?? []).includes('A_NEW_BEGINNING');
  const started: CarsonState = {
    options: e.options,
    seatCount: e.seatCount,
    round: 1,
    parcels: Array.from({ length: 64 }, () => ({ owner: null, content: null })),
    roads: [],
    centre: -1,
    track: e.track.slice(),
    bag: { ...e.bag },
    players: Array.from({ length: e.seatCount }, () => newPlayer(anb)),
    tiles: e.tiles.map((t) => ({ ...t })),
    firstOrder: e.firstOrder.slice(),
    pickOrder: e.firstOrder.slice(),
    turnOrder: [],
    passTrack: e.firstOrder.slice(),
    passed: [],
    placements: [],
    townHall: { parcel: null, occupant: null },
    threeGuns: null,
    ammunitionVoid: false,
    dynamiteSupply: 7,
    teacherFirst: null,
    flow: { phase: 'DRAFT', tasks: [], prompt: null, step: -1 },
    final: null,
    anb: anb
      ? {
          sheets: Array(e.seatCount).fill(null),
          sealed: Array(e.seatCount).fill(false),
          revealed: false,
          greatServiceUsed: Array(e.seatCount).fill(false),
        }
      : null,
    // Horses (§10.6): 25 horses in the supply (each player's first one comes by HORSE_GAINED),
    // 4 rodeo markers on the round marker.
    horses: e.options.modules.includes('HORSES')
      ? {
          supply: PORTS.horses.count,
          markersLeft: PORTS.horses.rodeoMarkers,
          players: Array.from({ length: e.seatCount }, () => ({
            supply: 0,
            stables: [0, 0, 0, 0, 0],
            markers: 0,
          })),
        }
      : null,
    // Might is Right (§10.3): hands are filled by DUEL_TILES_DEALT.
    might: (e.options.modules ?? []).includes('MIGHT_IS_RIGHT') ? PORTS.might.emptyMight(e.seatCount) : null,
    solo: null,
    // Outlaws (§10.5): 9 figures in the supply, none on the board.
    outlaws: PORTS.outlaws.initialOutlaws(e.options.modules ?? []),
    // Event schema 2: the facts move the flow on (agenda.ts); older games only by FLOW.
    ...(e.agenda !== undefined && { agenda: e.agenda }),
  };
  if (e.solo) {
    // Solo (§11.1): Standish has no money, revolver, road or reserve of his own: he always has
    // what he needs, and his cowboys are unlimited (never counted).
    const st = started.players[e.solo.standish];
    Object.assign(st, { money: 0, reserve: 0, revolvers: 0, roads: 0 });
    started.solo = {
      strategy: e.options.solo!.strategy,
      personality: e.solo.personality,
      standish: e.solo.standish,
      deck: e.solo.deck.slice().sort(),
      discard: [],
      revealed: [],
      onCard: 0,
      bridges: 0,
    };
  }
  return started;
}

/** Roads, money, VP, cowboys, revolvers, dynamite; duels (§5.2, §10.3). */
function applyGains(s: CarsonState, e: CarsonEvent): boolean {
  const pl = (seat: number) => s.players[seat];
  switch (e.type) {
    case 'ROAD_PLACED':
      if (e.fromReserve && e.seat !== null) pl(e.seat).roads -= e.bridge ? 2 : 1;
      if (e.bridge && e.seat !== null && isStandish(s, e.seat)) s.solo!.bridges += 1;
      s.roads = [...s.roads, e.edge].sort((a, b) => a - b);
      break;
    case 'ROADS_GAINED':
      pl(e.seat).roads += e.count;
      break;
    case 'MONEY':
      pl(e.seat).money += e.delta;
      break;
    case 'VP':
      pl(e.seat).vp += e.delta;
      break;
    case 'COWBOYS_GAINED':
      pl(e.seat).reserve += e.count;
      break;
    case 'REVOLVERS_GAINED':
      pl(e.seat).revolvers += e.count;
      break;
    case 'DYNAMITE_GAINED':
      pl(e.seat).dynamite += e.count;
      s.dynamiteSupply -= e.count;
      break;
    case 'DUEL_TILES_DEALT':
    case 'DUEL_TILES_DRAWN':
    case 'DUEL_TILES_CHOSEN':
    case 'DUEL_TILES_DISCARDED':
      PORTS.might.applyMightEvent(s, e);
      break;
    case 'DUEL':
      // Might is Right: the played tiles go to the common pile (§10.3 step 5).
      if (e.participants.some((p) => p.tiles)) PORTS.might.applyMightEvent(s, e);
      for (const l of e.losers) {
        removePlacement(s, l, e.loc, false);
        // Solo: a defeated Standish cowboy goes onto his card (SOLO_COWBOY_ON_CARD), not a reserve.
        if (!isStandish(s, l)) pl(l).reserve += 1;
      }
      // Dynamite goes with the cowboy and is spent in the duel; markers of the losers were
      // already removed with their placements.
      break;
    default:
      return false;
  }
  return true;
}

/** Horses (§10.6). */
function applyHorses(s: CarsonState, e: CarsonEvent): boolean {
  const pl = (seat: number) => s.players[seat];
  switch (e.type) {
    case 'HORSE_GAINED':
      s.horses!.supply -= 1;
      s.horses!.players[e.seat].supply += 1;
      break;
    case 'HORSE_BOUGHT':
      s.horses!.supply -= 1;
      s.horses!.players[e.seat].stables[e.stable - 1] += 1;
      pl(e.seat).money -= e.price;
      break;
    case 'HORSE_STABLED':
      s.horses!.players[e.seat].supply -= 1;
      s.horses!.players[e.seat].stables[e.stable - 1] += 1;
      break;
    case 'RODEO':
      if (e.winner !== null) {
        s.horses!.markersLeft -= 1;
        s.horses!.players[e.winner].markers += 1;
      }
      break;
    case 'HORSES_RETURNED': {
      const h = s.horses!.players[e.seat];
      h.supply += e.count;
      h.stables = [0, 0, 0, 0, 0];
      break;
    }
    case 'STABLE_TWO_CHOSEN':
    case 'RANCHES_DOUBLED':
      break;
    default:
      return false;
  }
  return true;
}

/** Solo (§11), Outlaws (§10.5) and the recorded flow. */
function applySoloOutlawsFlow(s: CarsonState, e: CarsonEvent): boolean {
  const pl = (seat: number) => s.players[seat];
  switch (e.type) {
    case 'SOLO_CARD_DRAWN': {
      const solo = s.solo!;
      if (e.reshuffled) {
        solo.deck = [...solo.deck, ...solo.discard].sort();
        solo.discard = [];
      }
      solo.deck.splice(solo.deck.indexOf(e.card), 1);
      solo.revealed.push(e.card);
      break;
    }
    case 'SOLO_CARD_STEP':
      break;
    case 'SOLO_COWBOY_ON_CARD':
      s.solo!.onCard += 1;
      break;
    case 'SOLO_INCOME_CONVERTED': {
      const st = pl(s.solo!.standish);
      st.vp += e.vp;
      st.money = 0;
      break;
    }
    case 'SOLO_ROUND_END': {
      const solo = s.solo!;
      solo.onCard = 0;
      if (e.reshuffleAll) {
        solo.deck = [...solo.deck, ...solo.discard, ...solo.revealed].sort();
        solo.discard = [];
      } else solo.discard = [...solo.discard, ...solo.revealed].sort();
      solo.revealed = [];
      s.tiles = s.tiles.filter((t) => !e.discardedTiles.includes(t.id));
      break;
    }
    // Outlaws (§10.5): the module state is replaced, never mutated in place.
    case 'OUTLAWS_ARRIVED':
      s.outlaws = { ...s.outlaws!, strength: e.strength };
      break;
    case 'OUTLAW_PLACED': {
      const o = s.outlaws!;
      s.outlaws = {
        ...o,
        supply: o.supply - 1,
        nextId: Math.max(o.nextId, e.id + 1),
        figures: [...o.figures, { id: e.id, parcel: e.parcel }],
      };
      break;
    }
    case 'OUTLAW_JAILED': {
      const o = s.outlaws!;
      s.outlaws = { ...o, supply: o.supply + 1, figures: o.figures.filter((f) => f.id !== e.id) };
      break;
    }
    case 'OUTLAW_MOVED': {
      const o = s.outlaws!;
      s.outlaws = { ...o, figures: o.figures.map((f) => (f.id === e.id ? { id: f.id, parcel: e.to } : f)) };
      break;
    }
    case 'OUTLAW_FIGHT': {
      // Might is Right: the played tiles go to the common pile (§10.3 step 5).
      if (e.participants.some((p) => p.tiles)) PORTS.might.applyMightEvent(s, e);
      for (const l of e.losers) {
        removePlacement(s, l, e.loc, false);
        pl(l).reserve += 1;
      }
      const o = s.outlaws!;
      if (e.winner !== null)
        s.outlaws = { ...o, supply: o.supply + 1, figures: o.figures.filter((f) => f.id !== e.id) };
      break;
    }
    case 'FLOW':
      // Shared with the event: flows are copied before any decision mutates them (draftState).
      s.flow = e.flow;
      break;
    default:
      return false;
  }
  return true;
}

type Part =
  | 'parcels'
  | 'players'
  | 'track'
  | 'bag'
  | 'tiles'
  | 'placements'
  | 'passed'
  | 'townHall'
  | 'horses'
  | 'solo';

/** A player's own copy: its arrays are mutated in place (`held`'s entries never are). */
export function copyPlayer(p: PlayerState): PlayerState {
  return {
    ...p,
    pending: p.pending.slice(),
    held: p.held.slice(),
    flags: p.flags.slice(),
    dynamitedMines: p.dynamitedMines.slice(),
  };
}

/** The seats whose player entries `e` mutates (null: any of them). */
function touchedSeats(s: CarsonState, e: CarsonEvent): readonly number[] | null {
  switch (e.type) {
    case 'DUEL':
    case 'OUTLAW_FIGHT':
      return e.losers;
    case 'INCOME':
      return e.attacker === null ? [e.owner] : [e.owner, e.attacker];
    case 'SOLO_INCOME_CONVERTED':
      return [s.solo!.standish];
    case 'ROAD_PLACED':
      return e.seat === null ? [] : [e.seat];
    case 'PARCEL_CLAIMED':
    case 'CHARACTER_PICKED':
    case 'COWBOY_PLACED':
    case 'COWBOY_RELOCATED':
    case 'COWBOY_WITHDRAWN':
    case 'ROADS_GAINED':
    case 'MONEY':
    case 'VP':
    case 'COWBOYS_GAINED':
    case 'REVOLVERS_GAINED':
    case 'DYNAMITE_GAINED':
    case 'COWBOY_RETURNED':
    case 'COWBOY_MOVED':
    case 'BUILDING_BOUGHT':
    case 'BUILDING_BUILT':
    case 'OPTION_CHOSEN':
    case 'VP_BOUGHT':
    case 'GROCER_DOUBLED':
    case 'MINE_DYNAMITED':
    case 'CASH_SPENT':
    case 'HORSE_BOUGHT':
      return [e.seat];
    default:
      return null;
  }
}

/**
 * Copy the entries of `list` at `indices` (all for null) into a new array; the others are
 * shared (only the entries an event mutates are its own).
 */
function copyEntries<T>(list: readonly T[], indices: readonly number[] | null, copy: (x: T) => T): T[] {
  if (indices === null) return list.map(copy);
  const out = list.slice();
  for (const i of indices) if (out[i] === list[i]) out[i] = copy(list[i]);
  return out;
}

/**
 * How each part is copied for event `e`: only what `e` mutates in place (the other entries are
 * shared; placements, parcel cells and tiles are only ever added, removed or replaced, never
 * changed in place).
 */
const COPIERS: Record<Part, (s: CarsonState, e: CarsonEvent) => void> = {
  parcels: (s) => (s.parcels = s.parcels.slice()),
  players: (s, e) => (s.players = copyEntries(s.players, touchedSeats(s, e), copyPlayer)),
  track: (s) => (s.track = s.track.slice()),
  bag: (s) => (s.bag = { ...s.bag }),
  tiles: (s) => (s.tiles = s.tiles.slice()),
  placements: (s) => (s.placements = s.placements.slice()),
  passed: (s) => (s.passed = s.passed.slice()),
  townHall: (s) => (s.townHall = { ...s.townHall }),
  horses: (s) => (s.horses = cloneHorses(s.horses)),
  solo: (s) => (s.solo = s.solo ? cloneSolo(s.solo) : s.solo),
};

/** The parts of the state each event mutates in place (others it replaces or leaves alone). */
const TOUCHES: Partial<Record<CarsonEvent['type'], Part[]>> = {
  RIVER_PLACED: ['parcels'],
  TOWN_CENTRE_PLACED: ['parcels'],
  MOUNTAIN_PLACED: ['parcels'],
  BUILDING_DRAWN: ['bag', 'track'],
  PARCEL_CLAIMED: ['parcels', 'players'],
  CHARACTER_PICKED: ['players', 'tiles'],
  COWBOY_PLACED: ['players', 'placements'],
  PASSED: ['passed'],
  COWBOY_RELOCATED: ['players', 'placements'],
  COWBOY_WITHDRAWN: ['players', 'placements'],
  ROAD_PLACED: ['players', 'solo'],
  ROADS_GAINED: ['players'],
  MONEY: ['players'],
  VP: ['players'],
  COWBOYS_GAINED: ['players'],
  REVOLVERS_GAINED: ['players'],
  DYNAMITE_GAINED: ['players'],
  DUEL: ['players', 'placements'],
  SOLO_CARD_DRAWN: ['solo'],
  SOLO_COWBOY_ON_CARD: ['solo'],
  SOLO_INCOME_CONVERTED: ['players'],
  SOLO_ROUND_END: ['solo'],
  COWBOY_RETURNED: ['players', 'placements'],
  COWBOY_MOVED: ['players', 'placements'],
  BUILDING_BOUGHT: ['players', 'track', 'bag'],
  BUILDING_BUILT: ['players', 'parcels'],
  TOWN_HALL_PLACED: ['parcels'],
  TOWN_HALL_OCCUPIED: ['placements', 'townHall'],
  INCOME: ['players'],
  OPTION_CHOSEN: ['players'],
  VP_BOUGHT: ['players'],
  GROCER_DOUBLED: ['players'],
  MINE_DYNAMITED: ['players'],
  CASH_SPENT: ['players'],
  ROUND_CLEANUP: ['players', 'tiles'],
  TILE_FLIPPED: ['tiles'],
  HORSE_GAINED: ['horses'],
  HORSE_BOUGHT: ['horses', 'players'],
  HORSE_STABLED: ['horses'],
  RODEO: ['horses'],
  HORSES_RETURNED: ['horses'],
  OUTLAW_FIGHT: ['players', 'placements'],
};

/** Pure: copies the parts the event mutates (structural sharing for the rest). */
export function evolve(state: CarsonState | null, event: CarsonEvent): CarsonState {
  if (state === null) return applyEvent(null, event);
  const draft: CarsonState = { ...state };
  for (const part of TOUCHES[event.type] ?? []) COPIERS[part](draft, event);
  const next = applyEvent(draft, event);
  const flow = next.agenda
    ? (moduleFlow(next, event) ?? PORTS.might.tileDuelFlow(next, event) ?? followFlow(next, event))
    : null;
  if (flow) next.flow = flow;
  return next;
}
