/**
 * Phase 4, the end of the round (§7): Horses' rodeo (step 1), the personalities' end-of-round
 * effects (step 3, §13 #42), the new cowboys (step 4), the cash limit (step 5), the cleanup and the
 * building track's refill with a drawn Town Hall (steps 6-7, §6.3), the forced flips (step 8); after
 * round 4 the end of the game (§4.5, §8). Run by flow.ts `runTask`. The track's refill also follows
 * a pick that takes a building from it (§6.3, §9), and the setup draws with `drawFromBag` (§3).
 */
import { NEW_COWBOYS } from '../../data/actions';
import { PARCEL_COUNT } from '../../data/board';
import { BUILDING_TYPES, type BuildingType } from '../../data/buildings';
import type { Ctx } from '../../ctx';
import { PORTS } from '../../ports';
import { cashLimit, isConnected, townHallRoadOptions } from '../../rules';
import { finalScores, result } from '../../score';
import type { CarsonState, Task } from '../../state';
import { byPassOrder, generalCowboys, passIndex, range } from '../../table';

/** The end of the round and of the game (§7, §8). */
export function runEndOfRound(ctx: Ctx, task: Task): void {
  const s = ctx.state;
  switch (task.t) {
    case 'EOR_PERSONALITIES':
      s.flow.phase = 'END_OF_ROUND';
      s.flow.step = -1;
      ctx.emit({ type: 'ROUND_ENDED', round: s.round });
      // Personality end-of-round effects before the cash limit (§13 #42), one task per tile.
      ctx.push(...endOfRoundTasks(s));
      return;
    case 'SOLO_EOR':
      return PORTS.solo.standishEndOfRound(ctx);
    case 'EOR_COWBOYS': {
      const k = NEW_COWBOYS[s.round] ?? 0;
      if (k === 0) return;
      for (let seat = 0; seat < s.seatCount; seat++) {
        if (PORTS.solo.isStandish(s, seat)) continue; // his cowboys are unlimited (§11.1)
        const room = Math.min(10 - s.players[seat].reserve, generalCowboys(s, seat), k);
        if (room > 0) ctx.emit({ type: 'COWBOYS_GAINED', seat, count: room, reason: 'NEW_ROUND' });
      }
      return;
    }
    case 'EOR_CASH': {
      if (task.queue.length === 0) return;
      const seat = task.queue[0];
      ctx.push({ t: 'EOR_CASH', queue: task.queue.slice(1) });
      const money = s.players[seat].money;
      const min = Math.max(0, money - cashLimit(s, seat));
      // Spending below the limit is voluntary (§13 #18); below $10 it could buy nothing.
      if (min > 0 || money >= 10) ctx.prompt({ seat, kind: 'SPEND_CASH', min, max: money });
      return;
    }
    case 'EOR_TRACK':
      ctx.emit({ type: 'ROUND_CLEANUP', round: s.round });
      ctx.push({ t: 'REFILL' }, { t: 'ROUND_START' });
      flipTiles(ctx);
      return;
    case 'REFILL':
      return refillTrack(ctx);
    case 'FINAL': {
      const { scores, ranking } = finalScores(s);
      const over = { ...s, final: scores, flow: { ...s.flow, phase: 'GAME_OVER' as const } };
      ctx.emit({ type: 'GAME_ENDED', scores, ranking, result: result(over) });
      s.flow.phase = 'GAME_OVER';
      s.flow.tasks = [];
      return;
    }
    case 'RODEO':
      return PORTS.horses.runRodeo(ctx, (seat) => passIndex(s, seat));
  }
}

// ---------------------------------------------------------------- building track (§7 step 7, §6.3)

/** Slide buildings to the cheapest squares, then draw into empty squares cheapest first (§13 #45). */
export function refillTrack(ctx: Ctx): void {
  const s = ctx.state;
  const kept = s.track.filter((b): b is BuildingType => b !== null);
  const compact: (BuildingType | null)[] = [...kept, ...Array(7 - kept.length).fill(null)];
  if (JSON.stringify(compact) !== JSON.stringify(s.track))
    ctx.emit({ type: 'TRACK_SHIFTED', track: compact });
  for (let square = 0; square < 7; square++) {
    if (s.track[square] !== null) continue;
    const building = drawFromBag(ctx, false);
    if (building === null) return;
    if (building === 'TOWN_HALL') {
      ctx.emit({ type: 'BUILDING_DRAWN', square: null, building, reason: 'TOWN_HALL' });
      ctx.push({ t: 'REFILL' });
      openTownHallPrompt(ctx);
      return;
    }
    ctx.emit({ type: 'BUILDING_DRAWN', square, building, reason: 'REFILL' });
  }
}

/** Draw one building uniformly from the bag (a multiset); null when empty. */
export function drawFromBag(ctx: Ctx, excludeTownHall: boolean): BuildingType | null {
  const s = ctx.state;
  const pool: BuildingType[] = [];
  for (const t of BUILDING_TYPES) {
    if (excludeTownHall && t === 'TOWN_HALL') continue;
    for (let i = 0; i < s.bag[t]; i++) pool.push(t);
  }
  if (pool.length === 0) return null;
  return pool[ctx.rng.int(0, pool.length - 1)];
}

/** Unowned, empty, road-connected parcels (§6.3); if none, those reachable with fewest new roads. */
export function townHallOptions(s: CarsonState): { parcel: number; roads: number[] }[] {
  const direct: { parcel: number; roads: number[] }[] = [];
  for (let p = 0; p < PARCEL_COUNT; p++) {
    const cell = s.parcels[p];
    // Not on an outlaw's parcel (§6.3 inferred, §10.5).
    if (cell.owner === null && cell.content === null && !PORTS.outlaws.hasOutlaw(s, p) && isConnected(s, p))
      direct.push({ parcel: p, roads: [] });
  }
  return direct.length > 0 ? direct : townHallRoadOptions(s);
}

function openTownHallPrompt(ctx: Ctx): void {
  const s = ctx.state;
  if (townHallOptions(s).length === 0) return; // no unowned empty parcel at all: it stays out
  ctx.prompt({ seat: s.passTrack[0], kind: 'PLACE_TOWN_HALL' });
}

/** End-of-round flips (§7 step 8): Prospector to red without Mines, Cowboy to yellow without Ranches. */
function flipTiles(ctx: Ctx): void {
  const s = ctx.state;
  const gone = (t: BuildingType) => s.bag[t] === 0 && !s.track.includes(t);
  for (const tile of s.tiles) {
    if (tile.id === 9 && tile.side === 'YELLOW' && gone('MINE'))
      ctx.emit({ type: 'TILE_FLIPPED', id: 9, side: 'RED' });
    if (tile.id === 15 && tile.side === 'RED' && gone('RANCH'))
      ctx.emit({ type: 'TILE_FLIPPED', id: 15, side: 'YELLOW' });
  }
}

// ---------------------------------------------------------------- the personalities (§7 step 3)

/** The personalities' end-of-round effects (§13 #42): one task per held tile, in pass order. */
export function endOfRoundTasks(s: CarsonState): Task[] {
  return byPassOrder(s, range(s.seatCount)).flatMap((seat) =>
    s.players[seat].held.map((h, i): Task => ({
      t: 'PERSONALITY',
      id: h.id,
      seat,
      stage: 'END_OF_ROUND',
      data: [i],
    })),
  );
}
