/**
 * evolve: applies one event. `applyEvent` mutates a draft (used by decide on its own working copy);
 * `evolve` clones first, so callers' states are never mutated (engine.ts contract), and then moves
 * the flow on from the event's facts (agenda.ts `followFlow`) in games started under those rules
 * (`state.agenda`); a FLOW event (where the rules do not reach, and in every decision of games
 * started before event schema 2) sets it outright.
 */
import { followFlow } from './agenda';
import { moduleFlow } from './agenda-modules';
import { BUILDINGS } from './data/buildings';
import { TEACHER } from './data/personalities';
import type { CarsonEvent } from './events';
import type { CarsonState, HorsesState, ParcelState, PlayerState, SoloState, TileState } from './state';
import { PORTS } from './ports';

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

/** Solo: is `seat` Standish (§11)? */
function isStandish(s: CarsonState, seat: number): boolean {
  return !!s.solo && s.solo.standish === seat;
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

function removePlacement(s: CarsonState, seat: number, loc: string, white: boolean | null): void {
  const i = s.placements.findIndex(
    (p) => p.seat === seat && p.loc === loc && (white === null || p.white === white),
  );
  if (i >= 0) s.placements.splice(i, 1);
}

/** Index of the placement of `seat` at `loc` with exactly these markers, or -1. */
function findPlacement(
  s: CarsonState,
  seat: number,
  loc: string,
  f: { white: boolean; noDuel: boolean; dynamite: boolean; extra: boolean },
): number {
  return s.placements.findIndex(
    (p) =>
      p.seat === seat &&
      p.loc === loc &&
      p.white === f.white &&
      p.noDuel === f.noDuel &&
      p.dynamite === f.dynamite &&
      p.extra === f.extra,
  );
}

/** The parcel if `loc` is `seat`'s own Mine, else -1. */
function ownMine(s: CarsonState, seat: number, loc: string): number {
  if (!loc.startsWith('B:')) return -1;
  const q = Number(loc.slice(2));
  return s.parcels[q].owner === seat && s.parcels[q].content === 'MINE' ? q : -1;
}

function removeOne<T>(list: T[], x: T): void {
  const i = list.indexOf(x);
  if (i >= 0) list.splice(i, 1);
}

/**
 * Parcel cells and personality tiles are replaced, never changed in place (in an array of the
 * draft's own: TOUCHES), so that copies of a state may share them (decide's draft, `evolve`).
 */
function setCell(s: CarsonState, p: number, change: Partial<ParcelState>): void {
  s.parcels[p] = { ...s.parcels[p], ...change };
}

function setTile(s: CarsonState, id: number, change: Partial<TileState>): void {
  const i = s.tiles.findIndex((t) => t.id === id);
  if (i >= 0) s.tiles[i] = { ...s.tiles[i], ...change };
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

const APPLIERS: ((s: CarsonState, e: CarsonEvent) => boolean)[] = [
  applySetupAndPicks,
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

/** The board, the track and Phase 1 (§3, §4.2). */
function applySetupAndPicks(s: CarsonState, e: CarsonEvent): boolean {
  const pl = (seat: number) => s.players[seat];
  switch (e.type) {
    case 'RIVER_PLACED':
      for (const p of e.parcels) setCell(s, p, { content: 'RIVER' });
      break;
    case 'TOWN_CENTRE_PLACED':
      s.centre = e.parcel;
      setCell(s, e.parcel, { content: 'HOUSE' });
      s.roads = [...new Set([...s.roads, ...e.roads])].sort((a, b) => a - b);
      break;
    case 'MOUNTAIN_PLACED':
      setCell(s, e.parcel, { content: 'MOUNTAIN' });
      break;
    case 'BUILDING_DRAWN':
      s.bag[e.building] -= 1;
      if (e.square !== null) s.track[e.square] = e.building;
      break;
    case 'TRACK_SHIFTED':
      s.track = e.track.slice();
      break;
    case 'PARCEL_CLAIMED':
      setCell(s, e.parcel, { owner: e.seat });
      pl(e.seat).money -= e.price;
      break;
    case 'ROUND_STARTED':
      s.round = e.round;
      s.pickOrder = e.pickOrder.slice();
      s.teacherFirst = null;
      break;
    case 'CHARACTER_PICKED': {
      const p = pl(e.seat);
      p.held.push(
        e.greatService
          ? { id: e.personality, side: e.side, second: true }
          : { id: e.personality, side: e.side },
      );
      if (e.greatService && s.anb)
        s.anb = { ...s.anb, greatServiceUsed: s.anb.greatServiceUsed.map((u, i) => u || i === e.seat) };
      setTile(s, e.personality, { takenBy: e.seat });
      // Immediate passive effects recorded on the player; active ones come as their own events.
      if (e.personality === 1 && e.side === 'YELLOW') p.white = 'RESERVE';
      if (e.personality === 11 && e.side === 'YELLOW') p.noDuel = 2;
      if (e.personality === TEACHER && e.side === 'YELLOW') s.teacherFirst = e.seat;
      break;
    }
    case 'TURN_ORDER_SET':
      s.turnOrder = e.turnOrder.slice();
      break;
    default:
      return false;
  }
  return true;
}

/** Phase 2 placements (§4.3, §10.4). */
function applyPlacement(s: CarsonState, e: CarsonEvent): boolean {
  const pl = (seat: number) => s.players[seat];
  switch (e.type) {
    case 'COWBOY_PLACED': {
      const p = pl(e.seat);
      if (e.white) p.white = 'PLACED';
      else if (!e.extra && !isStandish(s, e.seat)) p.reserve -= 1;
      if (e.noDuel && !e.extra) p.noDuel -= 1;
      if (e.dynamite) {
        // A spent marker goes back to the supply of 7 (inferred: the supply is physical).
        p.dynamite -= 1;
        s.dynamiteSupply += 1;
        // Dynamite with a cowboy on one's own Mine gives both uses: two dice if a duel happens
        // there and triple income this round (§9.2 #9/10).
        const mine = e.loc.startsWith('B:') ? Number(e.loc.slice(2)) : -1;
        if (mine >= 0 && s.parcels[mine].owner === e.seat && s.parcels[mine].content === 'MINE')
          p.dynamitedMines.push(mine);
      }
      s.placements.push({
        seat: e.seat,
        loc: e.loc,
        white: e.white,
        noDuel: e.noDuel,
        dynamite: e.dynamite,
        extra: e.extra,
      });
      break;
    }
    case 'PASSED':
      s.passed.push(e.seat);
      break;
    case 'COWBOY_RELOCATED': {
      const i = findPlacement(s, e.seat, e.from, e);
      if (i < 0) break;
      const [moved] = s.placements.splice(i, 1);
      s.placements.push({ ...moved, loc: e.to });
      if (e.dynamite) {
        // Dynamite rides with its cowboy: the own-Mine tripling follows it (§9.2 #9/10).
        const p = pl(e.seat);
        const from = ownMine(s, e.seat, e.from);
        if (from >= 0) removeOne(p.dynamitedMines, from);
        const to = ownMine(s, e.seat, e.to);
        if (to >= 0) p.dynamitedMines.push(to);
      }
      break;
    }
    case 'COWBOY_WITHDRAWN': {
      const i = findPlacement(s, e.seat, e.loc, e);
      if (i >= 0) s.placements.splice(i, 1);
      const p = pl(e.seat);
      if (e.white) p.white = 'RESERVE';
      else if (e.extra) removeOne(p.flags, 'SINGER_EXTRA:USED');
      else p.reserve += 1;
      if (e.noDuel && !e.extra) p.noDuel += 1;
      if (e.dynamite) {
        p.dynamite += 1;
        s.dynamiteSupply -= 1;
        const mine = ownMine(s, e.seat, e.loc);
        if (mine >= 0) removeOne(p.dynamitedMines, mine);
      }
      break;
    }
    case 'PLACEMENT_ENDED':
      s.passTrack = e.passTrack.slice();
      break;
    default:
      return false;
  }
  return true;
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

/** Phase 3: cowboys leaving, purchases, buildings, the Town Hall, income (§5). */
function applyResolution(s: CarsonState, e: CarsonEvent): boolean {
  const pl = (seat: number) => s.players[seat];
  switch (e.type) {
    case 'COWBOY_RETURNED': {
      const placement = s.placements.find((p) => p.seat === e.seat && p.loc === e.loc && p.white === e.white);
      removePlacement(s, e.seat, e.loc, e.white);
      const p = pl(e.seat);
      if (e.white) p.white = e.to === 'RESERVE' ? 'RESERVE' : 'NONE';
      else if (e.to === 'RESERVE' && !(placement && placement.extra) && !isStandish(s, e.seat))
        p.reserve += 1;
      break;
    }
    case 'COWBOY_MOVED':
      pl(e.seat).reserve -= 1;
      pl(e.seat).money -= e.paid;
      s.placements.push({
        seat: e.seat,
        loc: e.to,
        white: false,
        noDuel: false,
        dynamite: false,
        extra: false,
      });
      break;
    case 'THREE_GUNS_TAKEN':
      s.threeGuns = e.seat;
      if (e.reason === 'AUCTION') s.ammunitionVoid = true;
      break;
    case 'BUILDING_BOUGHT':
      pl(e.seat).money -= e.price;
      pl(e.seat).pending.push(e.building);
      if (e.from === 'TRACK' && e.square !== null) s.track[e.square] = null;
      else s.bag[e.building] -= 1;
      break;
    case 'BUILDING_BUILT': {
      const p = pl(e.seat);
      const i = p.pending.indexOf(e.building);
      if (i >= 0) p.pending.splice(i, 1);
      setCell(s, e.parcel, { content: e.building });
      for (const h of e.houses) setCell(s, h.parcel, { content: h.town ? 'TOWN_HOUSE' : 'HOUSE' });
      // Solo: Standish takes no revolver markers from buildings (§11.1, PT "não recebe").
      if (!isStandish(s, e.seat)) p.revolvers += BUILDINGS[e.building].revolvers;
      break;
    }
    case 'CONSENT_ANSWERED':
    case 'BUILD_STARTED':
    case 'HOUSE_CHOSEN':
    case 'BUILD_CANCELLED':
    case 'PENDING_KEPT':
    case 'ACTION_DECLINED':
    case 'AUCTION_PARCEL_CHOSEN':
      break;
    case 'TOWN_HALL_PLACED':
      setCell(s, e.parcel, { content: 'TOWN_HALL' });
      s.townHall = { parcel: e.parcel, occupant: null };
      s.roads = [...new Set([...s.roads, ...e.roads])].sort((a, b) => a - b);
      break;
    case 'TOWN_HALL_OCCUPIED':
      if (s.townHall.parcel !== null) removePlacement(s, e.seat, `B:${s.townHall.parcel}`, false);
      s.townHall.occupant = e.seat;
      break;
    case 'INCOME':
      pl(e.owner).money += e.received;
      pl(e.owner).ownIncome += e.received;
      if (e.attacker !== null) pl(e.attacker).money += e.stolen;
      break;
    case 'OPTION_CHOSEN':
      pl(e.seat).flags.push(`${e.purpose}:${e.option}`);
      break;
    case 'VP_BOUGHT':
      pl(e.seat).money -= e.paid;
      pl(e.seat).vp += e.count;
      break;
    case 'GROCER_DOUBLED':
      pl(e.seat).doubled = e.building;
      break;
    case 'MINE_DYNAMITED':
      pl(e.seat).dynamite -= 1;
      s.dynamiteSupply += 1;
      pl(e.seat).dynamitedMines.push(e.parcel);
      break;
    case 'DICE_ROLLED':
    case 'BID_PLACED':
    case 'BIDDER_OUT':
      break;
    case 'CASH_SPENT':
      pl(e.seat).money -= e.amount;
      pl(e.seat).vp += e.vp;
      break;
    default:
      return false;
  }
  return true;
}

/** The end of a round and of the game (§7, §8), and A New Beginning (§10.1). */
function applyRoundEnd(s: CarsonState, e: CarsonEvent): boolean {
  switch (e.type) {
    case 'ROUND_ENDED':
      break;
    case 'ROUND_CLEANUP':
      s.threeGuns = null;
      s.ammunitionVoid = false;
      s.passed = [];
      s.turnOrder = [];
      s.tiles = s.tiles.map((t) => ({ ...t, takenBy: null }));
      for (const p of s.players) {
        p.held = [];
        p.noDuel = 0;
        p.white = 'NONE';
        p.flags = [];
        p.doubled = null;
        p.dynamitedMines = [];
        p.ownIncome = 0;
      }
      break;
    case 'TILE_FLIPPED': {
      setTile(s, e.id, { side: e.side });
      break;
    }
    case 'SHEET_SEALED':
      if (s.anb) {
        s.anb = {
          ...s.anb,
          sheets: s.anb.sheets.map((x, i) => (i === e.seat ? (e.sheet === null ? null : { ...e.sheet }) : x)),
          sealed: s.anb.sealed.map((x, i) => x || i === e.seat),
        };
      }
      break;
    case 'SHEETS_REVEALED':
      // Solo: Standish's entry is null (he has no sheet, §11.1).
      if (s.anb) s.anb = { ...s.anb, sheets: e.sheets.map((x) => (x ? { ...x } : null)), revealed: true };
      break;
    case 'FIRST_PLAYER_SET':
      s.firstOrder = e.order.slice();
      s.pickOrder = e.order.slice();
      s.passTrack = e.order.slice();
      break;
    case 'GAME_ENDED':
      s.final = e.scores.map((x) => ({ ...x }));
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
