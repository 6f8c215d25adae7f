/**
 * The STRONG bot's evaluation of a (sampled) position for a seat, in VP: its final score so far
 * (`scoreOf`: VP gained, buildings, Canyons, Frontier, Bridges, Hotels, the Graveyard) plus what its
 * resources are still worth, which falls as the game runs out (nothing once it has ended), minus
 * the best other seat's. The resource weights are hand-set against the data the game plays with
 * (a Town Building costs about 4 Bucks and a Dude and is worth its printed VP).
 */
import type { Seat } from '../../engine';
import { goldValue, gunmenOf, scoreOf } from '../rules';
import type { ColomaState, PlayerState } from '../state';

const ROUNDS = 15;

/** Rounds still to play after the current one (0 in the last Round or after the end). */
export function roundsLeft(s: ColomaState): number {
  if (s.phase === 'OVER') return 0;
  return Math.max(0, ROUNDS - ((s.year - 1) * 5 + Math.max(s.round, 1)));
}

function worth(s: ColomaState, p: PlayerState): number {
  if (s.result) return s.result.seats.find((x) => x.seat === p.seat)?.score ?? 0;
  const score = scoreOf(s, p).total;
  const left = roundsLeft(s);
  const f = 0.25 + (0.75 * left) / ROUNDS;
  const resources =
    1.5 * Math.min(p.hand.length, 4) +
    0.55 * p.bucks +
    0.6 * goldValue(s) * p.gold +
    0.6 * p.dudes +
    1.5 * p.tents +
    0.8 * p.barrels.filter((b) => !b.used).length +
    0.5 * p.horses;
  // An Event Tent doubles that Event each time the Barker comes back to it (about once in 5 Rounds).
  const eventTents = (1.4 * p.eventTents.length * left) / 5;
  // Gunmen standing for this Year's Shootout (Clean Up sends them back): their likely reward.
  const gunmen = s.phase === 'OVER' ? 0 : 0.8 * gunmenOf(s, p.seat);
  return score + f * resources + eventTents + gunmen;
}

/** Own worth minus the best other seat's. */
export function margin(s: ColomaState, seat: Seat): number {
  const mine = worth(s, s.players[seat]);
  let best = -Infinity;
  for (const p of s.players) if (p.seat !== seat) best = Math.max(best, worth(s, p));
  return mine - best;
}
