/**
 * Coloma in the analytics projection (tables in prisma/migrations/*_analytics_coloma): the final
 * score by category, the Location each seat's Dial revealed each Round with the Bust, and the
 * Shootouts. Rows are built from the (upcast) events and the engine's result; `analytics-projection.ts`
 * calls `colomaFacts` for every Coloma event and writes the rows with `writeColoma`.
 */
import { busts } from '../games/coloma/rules';
import type { ColomaState } from '../games/coloma/state';
import type { ProjectedEvent } from './projector';
import { insertRows, type SqlClient } from './sql';

export const COLOMA_TYPE = 'coloma';

/**
 * analytics_coloma_final_scores columns after game_id and seat: the parts of rules.ts `scoreOf`
 * (the keys of a seat's result detail besides `tieBreak`; a test checks they are the same list).
 */
export const COLOMA_SCORE_COLUMNS = [
  'play',
  'buildings',
  'canyons',
  'frontier',
  'graveyard',
  'bridges',
  'hotels',
] as const;

export interface ColomaRows {
  finalScores: unknown[][];
  locations: unknown[][];
  shootouts: unknown[][];
}

export interface ColomaWork {
  year?: number;
  round?: number;
}

interface ResultSeat {
  seat: number;
  rank: number;
  winner: boolean;
  score?: number;
  detail?: unknown;
}

const int = (v: unknown, fallback = 0): number =>
  typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : fallback;
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Does `site` Bust in Round `round` with the Bust on `bust` (the engine's rule, rules.ts `busts`)? */
export function bustedSite(round: number, bust: number, site: number): boolean {
  return busts({ round, bust } as ColomaState, site);
}

function shootoutRows(gameId: string, event: ProjectedEvent, year: number): unknown[][] {
  const p = event.payload;
  const won = p.won === true;
  const tiers = Array.isArray(p.tiers) ? (p.tiers as Record<string, unknown>[]) : [];
  const common = [won, int(p.gunmen), int(p.outlaws)];
  if (tiers.length === 0) return [[gameId, event.version, year, 0, null, false, null, ...common]];
  return tiers.map((t, i) => {
    const neutral = t.seat === 'NEUTRAL';
    return [
      gameId,
      event.version,
      year,
      i + 1,
      neutral ? null : int(t.seat),
      neutral,
      int(t.tier),
      ...common,
    ];
  });
}

/** The rows one Coloma event gives (`result`: the engine's result seats, read at GAME_ENDED). */
export function colomaFacts(
  rows: ColomaRows,
  gameId: string,
  work: ColomaWork,
  event: ProjectedEvent,
  result: ResultSeat[] | undefined,
): void {
  const p = event.payload;
  switch (event.type) {
    case 'ROUND_STARTED':
      work.year = int(p.year, work.year ?? 1);
      work.round = int(p.round, work.round ?? 0);
      break;
    case 'DIALS_REVEALED': {
      const bust = int(p.bust);
      const sites = Array.isArray(p.sites) ? p.sites : [];
      sites.forEach((site, seat) => {
        const round = work.round ?? 0;
        rows.locations.push([
          gameId,
          event.version,
          work.year ?? 1,
          round,
          seat,
          int(site),
          bust,
          bustedSite(round, bust, int(site)),
        ]);
      });
      break;
    }
    case 'SHOOTOUT_RESOLVED':
      rows.shootouts.push(...shootoutRows(gameId, event, work.year ?? 1));
      break;
    case 'GAME_ENDED':
      for (const r of result ?? []) {
        const parts = obj(r.detail);
        if (typeof r.score !== 'number') continue; // no score (not the engine's result)
        rows.finalScores.push([
          gameId,
          int(r.seat),
          ...COLOMA_SCORE_COLUMNS.map((c) => int(parts[c])),
          int(r.score),
          int(r.rank),
          r.winner === true,
        ]);
      }
      break;
    default:
      break;
  }
}

export async function writeColoma(tx: SqlClient, rows: ColomaRows): Promise<void> {
  const nothing = 'ON CONFLICT DO NOTHING';
  await insertRows(
    tx,
    'analytics_coloma_final_scores',
    ['game_id', 'seat', ...COLOMA_SCORE_COLUMNS, 'total', 'rank', 'winner'],
    rows.finalScores,
    nothing,
  );
  await insertRows(
    tx,
    'analytics_coloma_locations',
    ['game_id', 'version', 'year', 'round', 'seat', 'site', 'bust_site', 'busted'],
    rows.locations,
    nothing,
  );
  await insertRows(
    tx,
    'analytics_coloma_shootouts',
    ['game_id', 'version', 'year', 'place', 'seat', 'neutral', 'tier', 'won', 'gunmen', 'outlaws'],
    rows.shootouts,
    nothing,
  );
}
