/**
 * Invariant helpers shared by the property tests (plain checks: jest's expect is too slow for
 * thousands of games).
 */
import { edgeVertices } from '../data/board';
import { replay } from '../../upcast';
import type { CarsonEvent } from '../events';
import { carsonCityEngine as engine } from '../index';
import type { CarsonState } from '../state';

/** Throws when an invariant does not hold. */
export function must(cond: boolean, what: string): void {
  if (!cond) throw new Error(`invariant broken: ${what}`);
}

/**
 * The game's events, stored (JSON round trip, at the engine's event schema) and replayed from
 * nothing through the read path's upcasters and `evolve`, give the live state exactly.
 */
export function mustReplay(events: CarsonEvent[], live: CarsonState): void {
  const stored = events.map((e) => ({
    payload: JSON.parse(JSON.stringify(e)) as CarsonEvent,
    schemaVersion: engine.eventSchema ?? 1,
  }));
  const again = replay(engine, null, stored);
  must(JSON.stringify(again) === JSON.stringify(live), 'the stored events replay to the live state');
}

/** Every road edge on the board is connected to the others (one network). */
export function roadsConnected(s: CarsonState): boolean {
  if (s.roads.length === 0) return true;
  const adj = new Map<number, number[]>();
  for (const e of s.roads) {
    const [a, b] = edgeVertices(e);
    adj.set(a, [...(adj.get(a) ?? []), b]);
    adj.set(b, [...(adj.get(b) ?? []), a]);
  }
  const start = edgeVertices(s.roads[0])[0];
  const seen = new Set([start]);
  const stack = [start];
  while (stack.length) {
    const v = stack.pop()!;
    for (const w of adj.get(v) ?? []) {
      if (!seen.has(w)) {
        seen.add(w);
        stack.push(w);
      }
    }
  }
  return [...adj.keys()].every((v) => seen.has(v));
}

/**
 * Money and VP recomputed from events alone, to check the state's accounting (each player starts
 * with `startMoney`: $15, or $50 with A New Beginning).
 */
export function ledger(
  events: CarsonEvent[],
  seats: number,
  startMoney = 15,
): { money: number[]; vp: number[] } {
  const money = Array(seats).fill(startMoney);
  const vp = Array(seats).fill(0);
  for (const e of events) {
    switch (e.type) {
      case 'MONEY':
        money[e.seat] += e.delta;
        break;
      case 'VP':
        vp[e.seat] += e.delta;
        break;
      case 'PARCEL_CLAIMED':
        money[e.seat] -= e.price;
        break;
      case 'BUILDING_BOUGHT':
        money[e.seat] -= e.price;
        break;
      case 'INCOME':
        money[e.owner] += e.received;
        if (e.attacker !== null) money[e.attacker] += e.stolen;
        must(e.received + e.stolen === e.amount, 'income split adds up');
        must(
          e.stolen === (e.attacker === null ? 0 : Math.floor(e.amount / 2)),
          'attacker takes half rounded down',
        );
        break;
      case 'CASH_SPENT':
        money[e.seat] -= e.amount;
        vp[e.seat] += e.vp;
        must(e.vp === Math.floor(e.amount / 10), '1 VP per $10 spent');
        break;
      case 'VP_BOUGHT':
        money[e.seat] -= e.paid;
        vp[e.seat] += e.count;
        must(e.paid === e.count * e.price, 'VP bought at the square price');
        break;
      case 'COWBOY_MOVED':
        money[e.seat] -= e.paid;
        break;
      case 'HORSE_BOUGHT':
        money[e.seat] -= e.price;
        must(e.price === 4, 'a horse costs $4 on Wages');
        break;
    }
  }
  return { money, vp };
}
