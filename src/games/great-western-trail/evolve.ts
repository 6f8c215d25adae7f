/**
 * Applying events. `applyEvent` mutates a draft (the decide context owns one); `evolve` is the
 * engine's pure version: it copies the state first, so stored states are never mutated.
 */
import {
  agendaUpdated,
  auxiliaryActionUsed,
  cardsDiscarded,
  cardsRemoved,
  settle,
  stationMasterTaken,
  cowboysUsed,
  drawChosen,
  delivered,
  herderMoved,
  objectiveCardGained,
  stationUpgraded,
  workerHired,
  decisionDeclined,
  exchangeTokenUsed,
  foresightTaken,
  incomeReceived,
  localActions,
  localActionTaken,
  optionChosen,
  trainMoved,
  finalObjectivesAsked,
  finalRoundStarted,
  gameEnded,
  localActionUsed,
  phaseBStarted,
  turnStarted,
} from './agenda';
import { remove, SIMMENTAL_IDS, simmentalLevel } from './cards';
import type { CityId } from './data/types';
import { applyFactRule } from './derive';
import type { GwtEvent } from './events';
import type { GwtState, Occupant, PlayerState } from './state';

/**
 * The states the last `decide` derived for its events (ctx.ts `closeAgenda` replays them exactly as
 * `evolve` does, one draft per event): `states[k]` is the state before `events[k]`.
 */
let replayed: { events: readonly GwtEvent[]; states: readonly GwtState[] } | null = null;

/**
 * Keeps the replay of a command's events (only the last command's: callers evolve them next). The
 * events are frozen: the cache is keyed by their identity, so one changed after `decide` would
 * otherwise be answered with the state of the event as it was; a write into one now throws.
 */
export function rememberReplay(events: readonly GwtEvent[], states: readonly GwtState[]): void {
  for (const e of events) Object.freeze(e);
  replayed = { events: [...events], states };
}

export function evolve(state: GwtState | null, event: GwtEvent): GwtState {
  if (event.type === 'GAME_STARTED') return structuredClone(event.state);
  if (state === null) throw new Error(`${event.type} before GAME_STARTED`);
  // The very event decide just returned, on the very state it came from: already computed.
  const k = replayed ? replayed.events.indexOf(event) : -1;
  if (k >= 0 && replayed!.states[k] === state) return replayed!.states[k + 1];
  const draft = draftOf(state);
  applyEvent(draft, event);
  return draft;
}

/**
 * A copy of `s` that `applyEvent` may change without touching `s`: a shallow copy, since appliers
 * (and the agenda's rules) only ever replace the fields of the state they change, never write into
 * an object or array of it: a player, a job-market row, a foresight column, the trail or a station
 * table is replaced by a changed copy (`player`, `withItem`, `withKey` below), the turn by a new
 * turn. So a replay copies per event only what the event changes.
 */
export function draftOf(s: GwtState): GwtState {
  return { ...s };
}

/** Replaces `s`'s player `seat` by a copy (and the players array by a new one) and returns it to change. */
function player(s: GwtState, seat: number): PlayerState {
  const players = [...s.players];
  const p = { ...players[seat] };
  players[seat] = p;
  s.players = players;
  return p;
}

/** A copy of `list` with `value` at `index`. */
function withItem<T>(list: readonly T[], index: number, value: T): T[] {
  const out = [...list];
  out[index] = value;
  return out;
}

/** A copy of `table` with `value` at `key`. */
const withKey = <T>(table: Record<string, T>, key: string, value: T): Record<string, T> => ({
  ...table,
  [key]: value,
});

/** Apply `e` to `s` in place. */
export function applyEvent(s: GwtState, e: GwtEvent): void {
  applyFact(s, e);
  if (MODULE_FACTS.has(e.type) && !(e as { recorded?: true }).recorded) applyFactRule(s, e);
}

/** Facts whose agenda rule lives in their module (derive.ts `installFactRules`). */
const MODULE_FACTS = new Set([
  'OBJECTIVE_PLAYED',
  'OBJECTIVE_ACTION_TAKEN',
  'TRAIL_TILE_TAKEN',
  'BUILDING_PLACED',
  'ADJACENT_BUILDING_USED',
  'ADJACENT_ACTION_USED',
]);

function applyFact(s: GwtState, e: GwtEvent): void {
  switch (e.type) {
    case 'GAME_STARTED':
      Object.assign(s, structuredClone(e.state));
      return;
    case 'MONEY':
      player(s, e.seat).money += e.delta;
      if (e.reason === 'INCOME' && !e.recorded) incomeReceived(s, e.seat, e.delta);
      return;
    case 'FEE_PAID':
      player(s, e.seat).money -= e.amount;
      if (e.to !== null) player(s, e.to).money += e.amount;
      return;
    case 'HERDER_MOVED':
      player(s, e.seat).herder = e.path[e.path.length - 1];
      if (!e.recorded) herderMoved(s);
      return;
    case 'HERDER_RESET':
      player(s, e.seat).herder = 'START';
      return;
    case 'CARDS_DRAWN': {
      const p = player(s, e.seat);
      if (e.reshuffled) {
        p.drawPile = [...p.drawPile, ...p.discard];
        p.discard = [];
      }
      p.drawPile = remove(p.drawPile, e.cards);
      p.hand = [...p.hand, ...e.cards];
      return;
    }
    case 'CARDS_DISCARDED': {
      const p = player(s, e.seat);
      p.hand = remove(p.hand, e.cards);
      p.discard = [...p.discard, ...e.cards];
      if (!e.recorded) cardsDiscarded(s, e.seat);
      return;
    }
    case 'CARDS_REMOVED': {
      const p = player(s, e.seat);
      p.hand = remove(p.hand, e.cards);
      if (!e.recorded) cardsRemoved(s);
      return;
    }
    case 'CARD_GAINED': {
      const p = player(s, e.seat);
      if (e.from === 'MARKET') s.cattleMarket = remove(s.cattleMarket, [e.card]);
      else if (e.from === 'DISPLAY') s.objectiveDisplay = remove(s.objectiveDisplay, [e.card]);
      else if (e.from === 'DECK') s.objectiveDeck = remove(s.objectiveDeck, [e.card]);
      else {
        const level = simmentalLevel(e.card);
        if (level === 2 || level === 3)
          s.simmentalSupply = { ...s.simmentalSupply, [level]: s.simmentalSupply[level] - 1 };
      }
      if (e.toHand) p.hand = [...p.hand, e.card];
      else p.discard = [...p.discard, e.card];
      if (!e.recorded) objectiveCardGained(s, e.from);
      return;
    }
    case 'CERTIFICATES':
      player(s, e.seat).certificates += e.delta;
      return;
    case 'EXCHANGE_TOKENS':
      player(s, e.seat).exchangeTokens += e.delta;
      if (e.delta < 0 && !e.recorded) exchangeTokenUsed(s, e.seat);
      return;
    case 'WORKER_HIRED': {
      s.jobMarket = withItem(s.jobMarket, e.row, withItem(s.jobMarket[e.row], e.col, null));
      const p = player(s, e.seat);
      p.workers = { ...p.workers, [e.worker]: p.workers[e.worker] + 1 };
      if (!e.recorded) workerHired(s, e.seat, e.worker);
      return;
    }
    case 'FORESIGHT_TAKEN':
      if (!e.recorded) foresightTaken(s, e.column, e.index);
      s.foresight = withItem(s.foresight, e.column, withItem(s.foresight[e.column], e.index, null));
      return;
    case 'JOB_MARKET_FILLED':
      s.jobMarket = withItem(s.jobMarket, e.row, withItem(s.jobMarket[e.row], e.col, e.worker));
      s.jobMarketTokenRow = e.tokenRow;
      if (e.tokenTo !== null) player(s, e.tokenTo).jobMarketToken = true;
      return;
    case 'TRAIL_TILE_PLACED': {
      if (e.location === null) return;
      const t = e.tile;
      const occupant: Occupant | null =
        t.kind === 'hazard'
          ? { kind: 'HAZARD', tile: t }
          : t.kind === 'bandit'
            ? { kind: 'BANDIT', tile: t }
            : null;
      s.trail = withKey(s.trail, e.location, occupant);
      return;
    }
    case 'FORESIGHT_REFILLED':
      if (e.tile) s.bags = withItem(s.bags, e.column, remove(s.bags[e.column], [e.tile]));
      s.foresight = withItem(s.foresight, e.column, withItem(s.foresight[e.column], e.index, e.tile));
      return;
    case 'MARKET_CARDS_ADDED':
      s.cattleDeck = remove(s.cattleDeck, e.cards);
      s.cattleMarket = [...s.cattleMarket, ...e.cards];
      return;
    case 'OBJECTIVE_REVEALED':
      s.objectiveDeck = remove(s.objectiveDeck, [e.card]);
      s.objectiveDisplay = [...s.objectiveDisplay, e.card];
      return;
    case 'TRAIL_TILE_TAKEN': {
      const o = s.trail[e.location];
      if (o?.kind === 'HAZARD') {
        const p = player(s, e.seat);
        p.hazards = [...p.hazards, o.tile];
      }
      if (o?.kind === 'BANDIT') {
        const p = player(s, e.seat);
        p.bandits = [...p.bandits, o.tile.colour];
      }
      s.trail = withKey(s.trail, e.location, null);
      return;
    }
    case 'BUILDING_PLACED': {
      const p = player(s, e.seat);
      p.buildingsInSupply = remove(p.buildingsInSupply, [e.building]);
      s.trail = withKey(s.trail, e.location, { kind: 'PLAYER', owner: e.seat, building: e.building });
      return;
    }
    case 'TRAIN_MOVED':
      player(s, e.seat).train = e.to;
      if (!e.recorded) trainMoved(s, e.seat, e.from, e.to);
      return;
    case 'DISC_PLACED': {
      const p = player(s, e.seat);
      if (e.disc !== null) p.discs = remove(p.discs, [e.disc]);
      if (e.fromStation !== null)
        s.stationDiscs = withKey(
          s.stationDiscs,
          e.fromStation,
          remove(s.stationDiscs[e.fromStation], [e.seat]),
        );
      if ('station' in e.to)
        s.stationDiscs = withKey(s.stationDiscs, e.to.station, [
          ...(s.stationDiscs[e.to.station] ?? []),
          e.seat,
        ]);
      else s.cityDiscs = withKey(s.cityDiscs, e.to.city, [...(s.cityDiscs[e.to.city] ?? []), e.seat]);
      if ('station' in e.to && !e.recorded) stationUpgraded(s, e.seat, e.to.station);
      return;
    }
    case 'STATION_MASTER_TAKEN': {
      const p = player(s, e.seat);
      s.stationMasters = withKey(s.stationMasters, e.station, null);
      p.stationMasters = [...p.stationMasters, e.master];
      p.workers = { ...p.workers, [e.worker]: p.workers[e.worker] - 1 };
      if (!e.recorded) stationMasterTaken(s, e.seat, e.master);
      return;
    }
    case 'OBJECTIVE_PLAYED': {
      const p = player(s, e.seat);
      p.hand = remove(p.hand, [e.card]);
      p.objectives = [...p.objectives, e.card];
      return;
    }
    case 'SIMMENTAL_UPGRADED': {
      const p = player(s, e.seat);
      const to = (e.from + 1) as 2 | 3;
      p.hand = remove(
        p.hand,
        Array.from({ length: e.count }, () => SIMMENTAL_IDS[e.from]),
      );
      p.discard = [...p.discard, ...Array.from({ length: e.count }, () => SIMMENTAL_IDS[to])];
      s.simmentalSupply = { ...s.simmentalSupply, [to]: s.simmentalSupply[to] - e.count };
      if (!e.recorded) settle(s, ['SIMMENTAL_UPGRADE']);
      return;
    }
    case 'DELIVERED':
      // The disc, money and links are their own events; the decisions it opens are derived.
      if (!e.recorded) delivered(s, e.seat, e.city as CityId, e.disc !== null || e.fromStation !== null);
      return;
    case 'FINAL_OBJECTIVES_CHOSEN': {
      const p = player(s, e.seat);
      for (const card of [...e.added, ...e.removed]) {
        if (p.hand.includes(card)) p.hand = remove(p.hand, [card]);
        else if (p.discard.includes(card)) p.discard = remove(p.discard, [card]);
        else p.drawPile = remove(p.drawPile, [card]);
      }
      p.objectives = [...p.objectives, ...e.added];
      return;
    }
    case 'FINAL_OBJECTIVES_ASKED':
      return finalObjectivesAsked(s, e.seat);
    case 'FINAL_ROUND_STARTED':
      return finalRoundStarted(s, e.seat);
    case 'TURN_STARTED':
      return turnStarted(s, e.seat, e.turn);
    case 'PHASE_B_STARTED':
      return phaseBStarted(s, e.location);
    case 'LOCAL_ACTION_USED':
      if (e.recorded) return localActionUsed(s, e.index);
      return localActionTaken(s, e.seat, e.index, localActions(s, e.seat, s.turn.location!)[e.index]);
    case 'AUXILIARY_ACTION_USED':
      return auxiliaryActionUsed(s, e.seat, e.action, e.double);
    case 'OPTION_CHOSEN':
      return optionChosen(s, e.seat, e.option);
    case 'DECISION_DECLINED':
      return decisionDeclined(s);
    case 'COWBOYS_USED':
      return cowboysUsed(s, e.count);
    case 'DRAW_CHOSEN':
      return drawChosen(s, e.seat, e.count);
    case 'OBJECTIVE_ACTION_TAKEN':
    case 'ADJACENT_BUILDING_USED':
    case 'ADJACENT_ACTION_USED':
      return; // module rules (MODULE_FACTS)
    case 'AGENDA_UPDATED':
      return agendaUpdated(s, e);
    case 'AGENDA_RESTORED':
      s.turn = e.turn;
      s.endTriggeredBy = e.endTriggeredBy;
      s.finalTurns = e.finalTurns;
      s.turnNumber = e.turnNumber;
      return;
    case 'GAME_ENDED':
      return gameEnded(s);
  }
}
