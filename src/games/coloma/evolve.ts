/**
 * evolve: apply one event. Pure and total: it copies the state (`copyJson`; the state is small
 * JSON) and changes the copy, so its input is never written.
 */
import type { Amounts, ColomaEvent } from './events';
import { effectiveData } from './options';
import { boomOf, commonOf, fromSheriff, muleDuel, turnOrder } from './rules';
import type { ColomaState, PlayerState, TurnState } from './state';
import { copyJson } from '../kit/copy';

export const DUDES_PER_COLOUR = 12;
export const TENTS_PER_COLOUR = 8;
export const BARRELS_TOTAL = 30;
export const MAX_OUTLAWS = 15;

function started(e: Extract<ColomaEvent, { type: 'GAME_STARTED' }>): ColomaState {
  const data = effectiveData(e.options.printed);
  const perType = e.seatCount === 2 ? 1 : e.seatCount <= 4 ? 2 : 3;
  const barrelPool: Record<string, number> = Object.fromEntries(data.barrels.map((b) => [b.id, b.count]));
  for (const b of e.hideout) barrelPool[b]--;
  const caps = data.goldPools[String(e.seatCount)];
  const s: ColomaState = {
    seatCount: e.seatCount,
    options: e.options,
    data,
    phase: 'OPENING',
    year: 1,
    round: 0,
    sheriff: e.sheriff,
    bust: null,
    sites: Array.from({ length: e.seatCount }, () => null),
    gold: [caps[0], caps[1], caps[2]],
    mineCart: 0,
    hideout: [...e.hideout],
    barrelPool,
    barrelDiscard: {},
    outlaws: data.shootout.yearOutlaws[0],
    rows: data.shootout.rows.map((_, i) => (e.seatCount === 2 && i === 2 ? 'NEUTRAL' : null)),
    bridges: Object.fromEntries(e.bridgeTypes.map((b) => [b, perType])),
    shootoutCards: [...e.shootoutCards],
    hotelStack: [...e.hotels],
    players: [],
    queue: [],
    eventQueue: [],
    mules: [],
    turn: null,
    buster:
      e.seatCount === 2 && !e.options.modules.includes('MULE_DUEL') ? { excluded: [], site: null } : null,
    result: null,
  };
  for (let seat = 0; seat < e.seatCount; seat++) {
    s.players.push({
      seat,
      bucks: 2,
      gold: 0,
      horses: 1,
      vp: 0,
      dudes: 2,
      tents: 1,
      supplyDudes: DUDES_PER_COLOUR - 2,
      supplyTents: TENTS_PER_COLOUR - 1,
      hand: [],
      deck: [],
      tableau: [],
      rivers: 0,
      bridges: [],
      barrels: [],
      eventTents: [],
      lands: [],
      wagon: 'COLOMA',
      dead: 0,
      gunmenYears: 0,
      hotels: [],
      guests: 0,
      opening: true,
      dial: null,
      muleDial: null,
      pioneer: e.pioneers[seat] ?? null,
      carrots: e.options.modules.includes('MULE_DUEL') ? [1, 2, 3, 4, 5] : [],
    });
    gain(s, s.players[seat], { gold: 1 }); // RULES.md D15
  }
  return s;
}

/** Gold from the top pool first (RB L144). */
function takeGold(s: ColomaState, n: number): void {
  for (let k = 0; k < n; k++) {
    const i = s.gold[2] > 0 ? 2 : s.gold[1] > 0 ? 1 : 0;
    s.gold[i] = Math.max(0, s.gold[i] - 1);
  }
}

/** Clean Up: the Mine Cart refills the lowest empty spaces first (RB L586). */
function restockGold(s: ColomaState): void {
  const caps = s.data.goldPools[String(s.seatCount)];
  for (let i = 0; i < 3 && s.mineCart > 0; i++) {
    const put = Math.min(caps[i] - s.gold[i], s.mineCart);
    s.gold[i] += put;
    s.mineCart -= put;
  }
}

function gain(s: ColomaState, p: PlayerState, g: Amounts): void {
  p.bucks += g.bucks ?? 0;
  p.horses += g.horses ?? 0;
  p.vp += g.vp ?? 0;
  p.gold += g.gold ?? 0;
  takeGold(s, g.gold ?? 0);
  p.dudes += g.dudes ?? 0;
  p.supplyDudes -= g.dudes ?? 0;
  p.tents += g.tents ?? 0;
  p.supplyTents -= g.tents ?? 0;
}

function pay(s: ColomaState, p: PlayerState, c: Amounts): void {
  p.bucks -= c.bucks ?? 0;
  p.horses -= c.horses ?? 0;
  p.gold -= c.gold ?? 0;
  s.mineCart += c.gold ?? 0;
  p.dudes -= c.dudes ?? 0;
  p.supplyDudes += c.dudes ?? 0;
  p.tents -= c.tents ?? 0;
  p.supplyTents += c.tents ?? 0;
}

/** RULES.md D13: when no face-down Barrel is left, the discarded ones become the stack. */
export function recycleBarrels(s: ColomaState): void {
  if (Object.values(s.barrelPool).every((n) => n === 0)) {
    s.barrelPool = { ...s.barrelDiscard };
    s.barrelDiscard = {};
  }
}

function drawBarrel(s: ColomaState, id: string): void {
  recycleBarrels(s);
  s.barrelPool[id]--;
}

export function newTurn(s: ColomaState, seat: number): TurnState {
  const site = s.sites[seat]!;
  const wagons = (commonOf(s, site) === 4 ? 1 : 0) + (boomOf(s, site) === 4 ? 1 : 0);
  return {
    seat,
    site,
    commonUsed: false,
    boomUsed: false,
    wagons,
    gunmen: false,
    used: [],
    built: [],
    barrelsTaken: 0,
    allWheelbarrows: false,
  };
}

function startTurns(s: ColomaState): void {
  s.turn = s.queue.length > 0 ? newTurn(s, s.queue[0]) : null;
}

function applyCards(s: ColomaState, e: ColomaEvent): boolean {
  switch (e.type) {
    case 'DECK_DEALT': {
      const p = s.players[e.seat];
      p.deck = [...e.deck];
      p.hand = [...e.hand];
      return true;
    }
    case 'CARDS_RETURNED': {
      const p = s.players[e.seat];
      e.cards.forEach((c, i) => {
        p.hand.splice(p.hand.indexOf(c), 1);
        if (e.to[i] === 'TOP') p.deck.unshift(c);
        else p.deck.push(c);
      });
      if (e.reason === 'OPENING') p.opening = false;
      if (s.players.every((x) => !x.opening) && s.phase === 'OPENING') s.phase = 'DIAL';
      return true;
    }
    case 'CARDS_DRAWN': {
      const p = s.players[e.seat];
      p.hand.push(...p.deck.splice(0, e.count));
      p.vp += e.missing;
      return true;
    }
    case 'BUILDING_BUILT': {
      const p = s.players[e.seat];
      p.hand.splice(p.hand.indexOf(e.card), 1);
      p.tableau.push(e.card);
      s.turn!.built.push(e.card);
      return true;
    }
    default:
      return false;
  }
}

function applyRound(s: ColomaState, e: ColomaEvent): boolean {
  switch (e.type) {
    case 'ROUND_STARTED':
      s.year = e.year;
      s.round = e.round;
      s.bust = null;
      s.sites = s.sites.map(() => null);
      s.queue = [];
      // Event 5 prompts the Gold holders, Sheriff first (D6); the Mule Duel fires no Event here (RB L651).
      s.eventQueue =
        e.round === 5 && !muleDuel(s) ? fromSheriff(s).filter((seat) => s.players[seat].gold > 0) : [];
      s.phase = s.eventQueue.length > 0 ? 'EVENT_5' : 'DIAL';
      if (s.buster) s.buster = { excluded: [], site: null };
      return true;
    case 'BUSTER_EXCLUDED':
      s.buster = { excluded: [...e.sites], site: null };
      return true;
    case 'DIAL_SET':
      s.players[e.seat].dial = e.site;
      s.players[e.seat].muleDial = e.mule;
      return true;
    case 'DIALS_REVEALED':
      s.sites = [...e.sites];
      s.bust = e.bust;
      s.mules = [...e.mules];
      for (const p of s.players) {
        p.dial = null;
        p.muleDial = null;
      }
      if (s.buster) s.buster = { ...s.buster, site: e.buster };
      s.phase = 'TURNS';
      s.queue = turnOrder(s, e.sites);
      startTurns(s);
      return true;
    case 'TURN_ENDED':
      s.queue = s.queue.slice(1);
      startTurns(s);
      return true;
    default:
      return false;
  }
}

function applyAction(s: ColomaState, e: ColomaEvent): boolean {
  switch (e.type) {
    case 'SITE_ACTION':
      if (e.section === 'COMMON') s.turn!.commonUsed = true;
      else s.turn!.boomUsed = true;
      if (e.action === 'WAGON') s.turn!.wagons--;
      return true;
    case 'EVENT_5_ANSWERED':
      s.eventQueue = s.eventQueue.slice(1);
      if (s.eventQueue.length === 0) s.phase = s.turn ? 'TURNS' : 'DIAL';
      return true;
    case 'MINE_CART_ROBBED':
      s.players[e.seat].gold += e.gold;
      s.mineCart -= e.gold;
      s.turn!.wagons--;
      return true;
    case 'PIONEER_ABILITY_USED':
      s.turn!.used.push('PIONEER');
      return true;
    case 'CARROT_EATEN': {
      const p = s.players[e.seat];
      p.carrots = p.carrots.filter((c) => c !== e.event);
      // A Mule eating Event 5's Carrot opens its owner's Event-5 choice before the turns (RULES.md D31).
      if (e.event === 5 && p.gold > 0) {
        s.eventQueue = [e.seat];
        s.phase = 'EVENT_5';
      }
      return true;
    }
    case 'RIVER_EXPLORED':
      s.players[e.seat].rivers++;
      return true;
    case 'BRIDGE_BUILT':
      s.players[e.seat].bridges.push(e.bridge);
      s.bridges[e.bridge]--;
      return true;
    case 'HOTEL_BUILT':
      s.players[e.seat].hotels.push(e.hotel);
      s.hotelStack = s.hotelStack.slice(1);
      return true;
    case 'GUESTS_CHECKED_IN':
      s.players[e.seat].dudes -= e.dudes;
      s.players[e.seat].guests += e.dudes;
      return true;
    case 'WAGON_MOVED':
      s.players[e.seat].wagon = e.path[e.path.length - 1];
      return true;
    case 'GUNMEN_PLACED':
      s.rows[e.row] = e.seat;
      s.players[e.seat].dudes -= e.dudes;
      s.turn!.gunmen = true;
      return true;
    case 'TENT_PLACED': {
      const p = s.players[e.seat];
      p.tents--;
      if (e.event !== null) p.eventTents.push(e.event);
      if (e.land !== null) p.lands.push(e.land);
      return true;
    }
    case 'ABILITY_USED':
      s.turn!.used.push(`${e.card}#${e.index}`);
      if (e.card === 'HORSE_RANCH' && e.index === 1) s.turn!.wagons++;
      if (e.card === 'FOUNDRY' && e.index === 0) s.turn!.allWheelbarrows = true;
      return true;
    default:
      return false;
  }
}

function applyBarrels(s: ColomaState, e: ColomaEvent): boolean {
  switch (e.type) {
    case 'BARREL_TAKEN': {
      if (e.from === 0) drawBarrel(s, e.barrel);
      else {
        s.hideout[e.from - 1] = e.refill;
        if (e.refill !== null) drawBarrel(s, e.refill);
      }
      s.outlaws += e.outlaws;
      s.players[e.seat].barrels.push({ id: e.barrel, used: false });
      if (s.turn && s.turn.seat === e.seat) s.turn.barrelsTaken++;
      return true;
    }
    case 'BARREL_USED':
      s.players[e.seat].barrels[e.index].used = true;
      return true;
    case 'BARREL_DISCARDED': {
      const [b] = s.players[e.seat].barrels.splice(e.index, 1);
      s.barrelDiscard[b.id] = (s.barrelDiscard[b.id] ?? 0) + 1;
      return true;
    }
    default:
      return false;
  }
}

function applyYear(s: ColomaState, e: ColomaEvent): boolean {
  switch (e.type) {
    case 'SHOOTOUT_RESOLVED':
      s.sheriff = e.sheriff;
      for (const t of e.tiers) if (t.seat !== 'NEUTRAL') s.players[t.seat].gunmenYears++;
      return true;
    case 'DUDES_BURIED': {
      const p = s.players[e.seat];
      p.supplyDudes -= e.fromSupply;
      p.dudes -= e.fromLodge;
      p.dead += e.fromSupply + e.fromLodge;
      return true;
    }
    case 'YEAR_ENDED':
      s.rows = s.rows.map((h, i) => {
        if (typeof h === 'number') s.players[h].supplyDudes += s.data.shootout.rows[i];
        return h === 'NEUTRAL' ? h : null;
      });
      for (const p of s.players) {
        if (muleDuel(s)) p.carrots = [1, 2, 3, 4, 5]; // RB L664
        p.supplyDudes += p.guests; // Hotel module: the rooms empty at Clean Up (RB L630)
        p.guests = 0;
      }
      s.outlaws = e.outlaws;
      restockGold(s);
      s.year = e.year + 1;
      s.round = 0;
      return true;
    case 'GAME_ENDED':
      s.phase = 'OVER';
      s.queue = [];
      s.turn = null;
      s.result = e.result;
      return true;
    default:
      return false;
  }
}

export function evolve(state: ColomaState | null, event: ColomaEvent): ColomaState {
  if (event.type === 'GAME_STARTED') return started(event);
  if (state === null) return state as unknown as ColomaState;
  // The printed data never changes after GAME_STARTED: shared, not copied.
  const { data, ...rest } = state;
  const s: ColomaState = { ...copyJson(rest), data };
  if (event.type === 'GAINED') gain(s, s.players[event.seat], event.gains);
  else if (event.type === 'PAID') pay(s, s.players[event.seat], event.paid);
  else if (
    !applyCards(s, event) &&
    !applyRound(s, event) &&
    !applyAction(s, event) &&
    !applyBarrels(s, event)
  )
    applyYear(s, event);
  return s;
}
