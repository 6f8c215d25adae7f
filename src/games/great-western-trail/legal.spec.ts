/**
 * `legalCommands` against `decide` in positions of random games: a broad set of candidate commands
 * (every index, track position, job-market space, city × disc, station, trail slot, card subset...)
 * is sent, and a candidate is accepted exactly when it is listed (card lists compared as multisets).
 */
import { isViolation } from '../engine';
import { createRng } from '../random';
import { greatWesternTrailEngine as engine } from './index';
import { playRandomGame } from './testing/play';
import { CITY_IDS, DISC_IDS, STATION_IDS, WORKER_KINDS } from './data/types';
import { TRACK_SPACES } from './data/railroad';
import type { GwtCommand } from './protocol';
import type { GwtState } from './state';

const norm = (c: GwtCommand): string =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(c)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]): [string, unknown] => [
          k,
          Array.isArray(v) && k !== 'path' ? [...(v as string[])].sort() : v,
        ])
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    ),
  );

function subsets(xs: string[], max: number): string[][] {
  const out: string[][] = [];
  const walk = (i: number, acc: string[]) => {
    if (acc.length > 0) out.push(acc);
    if (acc.length === max) return;
    for (let j = i; j < xs.length; j++) walk(j + 1, [...acc, xs[j]]);
  };
  walk(0, []);
  return out;
}

function candidates(s: GwtState, listed: GwtCommand[]): GwtCommand[] {
  const p = s.players[s.turn.seat];
  const out: GwtCommand[] = [...listed];
  const add = (c: GwtCommand) => out.push(c);
  for (let i = 0; i < 5; i++) add({ type: 'USE_ACTION', index: i });
  for (const a of ['AUX1', 'AUX2', 'AUX3', 'AUX4', 'AUX5'])
    for (const d of [false, true]) add({ type: 'USE_AUXILIARY', action: a, double: d });
  for (const t of ['SKIP', 'END_TURN', 'USE_EXCHANGE_TOKEN', 'OBJECTIVE_ACTION', 'DRAW_MARKET_CARDS'])
    add({ type: t });
  for (const l of ['N-A', 'N-B', 'N-G', 'P-A1']) add({ type: 'START_AT', location: l });
  for (const sp of TRACK_SPACES) add({ type: 'MOVE_TRAIN', to: sp.position });
  for (const t of [4.5, 7.5, 10.5, 13.5, 16.5, 21.5, 25.5, 29.5, 33.5]) add({ type: 'MOVE_TRAIN', to: t });
  s.jobMarket.forEach((r, row) => r.forEach((_, col) => add({ type: 'HIRE_WORKER', row, col })));
  for (const i of [0, 1]) add({ type: 'FORESIGHT', index: i });
  for (let k = 0; k <= 6; k++) add({ type: 'SPEND_CERTIFICATES', count: k });
  const discs = [...DISC_IDS, ...STATION_IDS, null];
  for (const city of CITY_IDS) for (const disc of discs) add({ type: 'DELIVER', city, disc });
  for (const disc of discs) {
    add({ type: 'UPGRADE_STATION', disc });
    for (const st of STATION_IDS) add({ type: 'UPGRADE_STATION', disc, station: st });
  }
  for (const w of WORKER_KINDS) add({ type: 'TAKE_STATION_MASTER', worker: w });
  for (let i = 0; i < 3; i++) add({ type: 'CHOOSE_ONE', option: i });
  for (let i = 0; i < 5; i++) add({ type: 'DRAW_CARDS', count: i });
  for (const c of [...s.objectiveDisplay, null, 'OBJ-01']) add({ type: 'TAKE_OBJECTIVE', card: c });
  for (const l of Object.keys(s.trail)) {
    add({ type: 'COLLECT_BOUNTY', location: l });
    add({ type: 'REMOVE_HAZARD', location: l });
    add({ type: 'USE_ADJACENT_BUILDING', location: l });
    for (const b of [...new Set(p.buildingsInSupply)].slice(0, 4))
      add({ type: 'PLACE_BUILDING', building: b, location: l });
  }
  for (let i = 0; i < 4; i++) add({ type: 'USE_ADJACENT_ACTION', index: i });
  for (const c of new Set(p.hand)) add({ type: 'PLAY_OBJECTIVE', card: c });
  for (const cards of subsets(p.hand, 3)) {
    add({ type: 'DISCARD', cards });
    add({ type: 'DISCARD_FOR_REWARD', cards });
    add({ type: 'REMOVE_CARDS', cards });
  }
  const market = [...new Set(s.cattleMarket)];
  for (let o = 0; o < 10; o++)
    for (const cards of subsets(market, 2)) add({ type: 'BUY_CATTLE', option: o, cards });
  for (let a = 0; a < 3; a++)
    for (let b = 0; b < 3; b++) add({ type: 'UPGRADE_SIMMENTAL', fromLevel1: a, fromLevel2: b });
  for (const c of listed)
    if (Array.isArray(c.path) && (c.path as string[]).length > 1)
      add({ ...c, path: (c.path as string[]).slice(0, -1) });
  return out;
}

describe('legalCommands lists exactly what decide accepts', () => {
  it('over positions of random games (2-4 seats, Simmental): every listed command is accepted, every other candidate refused', () => {
    const problems: string[] = [];
    let checked = 0;
    for (let g = 0; g < 3; g++) {
      let n = 0;
      playRandomGame(2 + (g % 3), `exact-${g}`, g % 3 === 2 ? { simmental: true } : {}, {
        afterCommand(_b, _s, _c, _e, after) {
          if (after.over || ++n % 9 !== 0) return;
          checked++;
          const seat = after.turn.seat;
          const listed = engine.legalCommands(after, seat);
          const set = new Set(listed.map(norm));
          const seen = new Set<string>();
          for (const c of candidates(after, listed)) {
            const k = norm(c);
            if (seen.has(k)) continue;
            seen.add(k);
            const out = engine.decide(after, seat, c, createRng('x'));
            const ok = !isViolation(out);
            if (ok !== set.has(k) && problems.length < 40)
              problems.push(
                `${ok ? 'accepted-not-listed' : 'listed-refused'} ${k} top=${after.turn.stack.at(-1)?.kind ?? after.turn.stage}`,
              );
          }
        },
      });
    }
    expect(problems).toEqual([]);
    // The check ran over a real sample of positions (every 9th command of three games).
    expect(checked).toBeGreaterThan(30);
  });
});
