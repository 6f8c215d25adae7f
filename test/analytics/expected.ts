/**
 * The analytics numbers computed independently of the projection and of SQL: straight from the
 * `games` rows (engine results), `game_seats` and the raw events, in plain TypeScript.
 */
import type { Database } from '../../src/database/database';
import { PERSONALITIES } from '../../src/games/carson-city/data/personalities';

export interface RawSeat {
  seat: number;
  kind: string;
  level: string | null;
  rank: number;
  winner: boolean;
  score: number | null;
  role: string | null;
  character: string | null;
}

export interface RawGame {
  id: string;
  type: string;
  options: Record<string, unknown>;
  status: string;
  players: number;
  humans: number;
  seats: RawSeat[];
  events: { version: number; type: string; payload: Record<string, unknown>; at: Date }[];
  startedAt: Date;
  endedAt: Date | null;
}

export async function loadRawGames(db: Database): Promise<RawGame[]> {
  const games = await db.client.game.findMany({ include: { seats: true }, orderBy: { id: 'asc' } });
  const out: RawGame[] = [];
  for (const g of games) {
    const events = await db.client.event.findMany({ where: { gameId: g.id }, orderBy: { version: 'asc' } });
    if (events.length === 0) continue;
    const result = g.result as {
      seats: {
        seat: number;
        rank: number;
        winner: boolean;
        score?: number;
        detail?: Record<string, unknown>;
      }[];
    } | null;
    const ended = events.find((e) => e.type === 'GAME_ENDED');
    out.push({
      id: g.id,
      type: g.type,
      options: g.options as Record<string, unknown>,
      status: g.status,
      players: g.seatCount,
      humans: g.seats.filter((s) => s.kind === 'HUMAN').length,
      seats: g.seats
        .sort((a, b) => a.seat - b.seat)
        .map((s) => {
          const r = result?.seats.find((x) => x.seat === s.seat);
          return {
            seat: s.seat,
            kind: s.kind,
            level: s.kind === 'BOT' ? s.botLevel : null,
            rank: r?.rank ?? 0,
            winner: r?.winner ?? false,
            score: typeof r?.score === 'number' ? r.score : null,
            role: (r?.detail?.role as string | undefined) ?? null,
            character: (r?.detail?.character as string | undefined) ?? null,
          };
        }),
      events: events.map((e) => ({
        version: e.version,
        type: e.type,
        payload: e.payload as Record<string, unknown>,
        at: e.createdAt,
      })),
      startedAt: events[0].createdAt,
      endedAt: ended?.createdAt ?? null,
    });
  }
  return out;
}

export interface Filter {
  type?: string;
  players?: number[];
  from?: Date;
  to?: Date;
  options?: Record<string, unknown>;
  seatKind?: 'HUMAN' | 'BOT';
  tables?: 'ALL_BOTS' | 'WITH_HUMANS';
}

export function finishedGames(games: RawGame[], f: Filter): RawGame[] {
  return games.filter(
    (g) =>
      g.status === 'FINISHED' &&
      (!f.type || g.type === f.type) &&
      (!f.players || f.players.includes(g.players)) &&
      (!f.from || g.startedAt >= f.from) &&
      (!f.to || g.startedAt < f.to) &&
      (!f.options ||
        Object.entries(f.options).every(([k, v]) => JSON.stringify(g.options[k]) === JSON.stringify(v))) &&
      (f.tables !== 'ALL_BOTS' || g.humans === 0) &&
      (f.tables !== 'WITH_HUMANS' || g.humans > 0),
  );
}

const seatOk = (s: RawSeat, f: Filter) => !f.seatKind || s.kind === f.seatKind;

export function wilson95(wins: number, n: number): { low: number; high: number } {
  // Independent restatement of the Wilson score interval.
  if (n === 0) return { low: 0, high: 1 };
  const z = 1.959964;
  const p = wins / n;
  const a = p + (z * z) / (2 * n);
  const b = z * Math.sqrt((p * (1 - p) + (z * z) / (4 * n)) / n);
  const d = 1 + (z * z) / n;
  return { low: Math.max(0, (a - b) / d), high: Math.min(1, (a + b) / d) };
}

type Rate = { key: string; games: number; wins: number; winRate: number; low: number; high: number };

function rates(
  groups: Map<string, { games: number; wins: number }>,
  order?: (a: string, b: string) => number,
): Rate[] {
  return [...groups.entries()]
    .sort(([a], [b]) => (order ? order(a, b) : a < b ? -1 : a > b ? 1 : 0))
    .map(([key, { games, wins }]) => ({ key, games, wins, winRate: wins / games, ...wilson95(wins, games) }));
}

function bump(map: Map<string, { games: number; wins: number }>, key: string, win: boolean) {
  const entry = map.get(key) ?? { games: 0, wins: 0 };
  entry.games++;
  if (win) entry.wins++;
  map.set(key, entry);
}

export function expectedWinRates(games: RawGame[], by: string, f: Filter): Rate[] {
  const groups = new Map<string, { games: number; wins: number }>();
  for (const g of finishedGames(games, f)) {
    for (const s of g.seats.filter((x) => seatOk(x, f))) {
      if (by === 'PERSONALITY') {
        const picked = new Set(
          g.events
            .filter((e) => e.type === 'CHARACTER_PICKED' && e.payload.seat === s.seat)
            .map((e) => PERSONALITIES[e.payload.personality as number].key),
        );
        for (const key of picked) bump(groups, key, s.winner);
      } else if (by === 'SEAT') bump(groups, String(s.seat), s.winner);
      else if (by === 'BOT_LEVEL') bump(groups, s.level ?? 'HUMAN', s.winner);
      else if (by === 'KIND') bump(groups, s.kind, s.winner);
      else if (by === 'ROLE' && s.role) bump(groups, s.role, s.winner);
      else if (by === 'CHARACTER' && s.character) bump(groups, s.character, s.winner);
    }
  }
  return rates(groups, by === 'SEAT' ? (a, b) => Number(a) - Number(b) : undefined);
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

const mean = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : null);

export function expectedScores(games: RawGame[], f: Filter) {
  const scores = finishedGames(games, f).flatMap((g) =>
    g.seats.filter((s) => seatOk(s, f) && s.score !== null).map((s) => s.score as number),
  );
  const counts = new Map<number, number>();
  for (const s of scores) counts.set(s, (counts.get(s) ?? 0) + 1);
  const min = Math.min(...scores);
  const max = Math.max(...scores);
  const buckets = [];
  for (let b = min; b <= max; b++) buckets.push({ from: b, to: b + 1, count: counts.get(b) ?? 0 });
  return { count: scores.length, mean: mean(scores), median: median(scores), min, max, buckets };
}

function rounds(g: RawGame): number {
  if (g.type === 'carson-city')
    return Math.max(
      0,
      ...g.events.filter((e) => e.type === 'ROUND_STARTED').map((e) => e.payload.round as number),
    );
  return Math.max(
    0,
    ...g.events.filter((e) => e.type === 'TURN_STARTED').map((e) => e.payload.turn as number),
  );
}

export function expectedLength(games: RawGame[], f: Filter) {
  const done = finishedGames(games, f);
  const durations = done.map((g) => g.endedAt!.getTime() - g.startedAt.getTime());
  const byDay = new Map<string, RawGame[]>();
  for (const g of done) {
    const day = g.startedAt.toISOString().slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), g]);
  }
  return {
    games: done.length,
    meanDurationMs: mean(durations),
    medianDurationMs: median(durations),
    meanEvents: mean(done.map((g) => g.events.length)),
    meanRounds: mean(done.map(rounds)),
    series: [...byDay.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([period, list]) => {
        const d = list.map((g) => g.endedAt!.getTime() - g.startedAt.getTime());
        return {
          period,
          games: list.length,
          meanDurationMs: mean(d)!,
          medianDurationMs: median(d)!,
          meanRounds: mean(list.map(rounds))!,
        };
      }),
  };
}

/** Events of a Carson City game with the round each happened in. */
function withRounds(g: RawGame) {
  let round = 0;
  return g.events.map((e) => {
    if (e.type === 'ROUND_STARTED') round = e.payload.round as number;
    return { ...e, round };
  });
}

export function actionOf(loc: string): string {
  return loc.startsWith('A:')
    ? loc.slice(2)
    : loc.startsWith('P:')
      ? 'PARCEL'
      : loc.startsWith('B:')
        ? 'BUILDING'
        : loc;
}

export function expectedActions(games: RawGame[], f: Filter) {
  const counts = new Map<string, number>();
  const perRound = new Map<number, number>();
  for (const g of finishedGames(games, { ...f, type: 'carson-city' })) {
    for (const e of withRounds(g)) {
      if (e.type !== 'COWBOY_PLACED') continue;
      const seat = g.seats[e.payload.seat as number];
      if (!seatOk(seat, f)) continue;
      const key = `${e.round}|${actionOf(e.payload.loc as string)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      perRound.set(e.round, (perRound.get(e.round) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .map(([key, count]) => {
      const [round, action] = key.split('|');
      return { round: Number(round), action, count, share: count / perRound.get(Number(round))! };
    })
    .sort((a, b) => a.round - b.round || b.count - a.count || (a.action < b.action ? -1 : 1));
}

export function expectedDuels(games: RawGame[], f: Filter) {
  const done = finishedGames(games, { ...f, type: 'carson-city' });
  let duels = 0;
  let decided = 0;
  let stronger = 0;
  const byAction = new Map<string, number>();
  const byPersonality = new Map<string, { games: number; wins: number }>();
  for (const g of done) {
    const picks = new Map<string, string>();
    for (const e of withRounds(g)) {
      if (e.type === 'CHARACTER_PICKED')
        picks.set(`${e.round}:${e.payload.seat}`, PERSONALITIES[e.payload.personality as number].key);
      if (e.type !== 'DUEL') continue;
      const parts = e.payload.participants as { seat: number; firepower: number }[];
      // A duel counts when one of its participants matches the seat filter.
      if (!parts.some((p) => seatOk(g.seats[p.seat], f))) continue;
      duels++;
      const action = actionOf(e.payload.loc as string);
      byAction.set(action, (byAction.get(action) ?? 0) + 1);
      const top = Math.max(...parts.map((p) => p.firepower));
      const atTop = parts.filter((p) => p.firepower === top);
      if (atTop.length === 1) {
        decided++;
        if (atTop[0].seat === e.payload.winner) stronger++;
      }
      for (const p of parts) {
        if (!seatOk(g.seats[p.seat], f)) continue;
        const key = picks.get(`${e.round}:${p.seat}`);
        if (key) bump(byPersonality, key, p.seat === e.payload.winner);
      }
    }
  }
  return {
    duels,
    games: done.length,
    duelsPerGame: done.length ? duels / done.length : 0,
    higherFirepowerWinRate: decided ? stronger / decided : null,
    byPersonality: rates(byPersonality).map((r) => ({
      key: r.key,
      fought: r.games,
      won: r.wins,
      winRate: r.winRate,
      low: r.low,
      high: r.high,
    })),
    byAction: [...byAction.entries()]
      .map(([action, n]) => ({ action, duels: n }))
      .sort((a, b) => b.duels - a.duels || (a.action < b.action ? -1 : 1)),
  };
}

export function expectedHeadToHead(games: RawGame[], f: Filter) {
  const pairs = new Map<string, { games: number; a: number; b: number }>();
  for (const g of finishedGames(games, f)) {
    const best = new Map<string, number>();
    for (const s of g.seats) {
      if (s.kind !== 'BOT' || !s.level) continue;
      best.set(s.level, Math.min(best.get(s.level) ?? Infinity, s.rank));
    }
    const levels = [...best.keys()].sort();
    for (let i = 0; i < levels.length; i++)
      for (let j = i + 1; j < levels.length; j++) {
        const key = `${levels[i]}|${levels[j]}`;
        const entry = pairs.get(key) ?? { games: 0, a: 0, b: 0 };
        entry.games++;
        const ra = best.get(levels[i])!;
        const rb = best.get(levels[j])!;
        if (ra < rb) entry.a++;
        if (rb < ra) entry.b++;
        pairs.set(key, entry);
      }
  }
  return [...pairs.entries()].sort().map(([key, e]) => {
    const [levelA, levelB] = key.split('|');
    return {
      levelA,
      levelB,
      games: e.games,
      winsA: e.a,
      winsB: e.b,
      ties: e.games - e.a - e.b,
      winRateA: e.a / e.games,
      ...wilson95(e.a, e.games),
    };
  });
}
