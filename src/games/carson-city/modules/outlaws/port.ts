/** The Outlaws module's port (§10.5): what the core asks of the module (see ../../ports.ts). */
import { parcelRef, type ParcelRef } from '../../data/board';
import {
  DEFAULT_OUTLAW_VP,
  hasOutlaw,
  initialOutlaws,
  isOutlawLoc,
  jailCheck,
  outlawArrival,
  outlawFights,
  outlawRewardTasks,
  OUTLAW_MOVE_ORDER,
  outlawDataSource,
  outlawHalves,
  outlawLoc,
  outlawMoveChosen,
  outlawMoves,
  outlawReward,
  outlawRewardChosen,
  outlawsOn,
  outlawVp,
  type OutlawDataSource,
} from './outlaws';
import { afterOutlawMove, outlawMovesFlow } from './agenda';
import type { OutlawsPort } from '../../ports';
import type { CarsonState } from '../../state';

export interface OutlawsView {
  /** Strength of the current outlaw tile (8..13; null before round 2's arrival): all outlaws use it. */
  strength: number | null;
  /** VP of the current tile (§13 #28), and the whole configured table for strengths 8..13. */
  vp: number;
  vpTable: number[];
  /**
   * Where `vpTable` comes from (§13 #28: the printed values are not in the sources), like the solo
   * mode's `dataSource`: PLACEHOLDER means the invented default (strength − 5): tell the players.
   * CONFIGURED: a table given in the options.
   */
  dataSource: OutlawDataSource;
  /** Figures left in the general supply (9 in the box). */
  supply: number;
  /**
   * Outlaws on the board, oldest first: where, the location to place fighters on (a building
   * of its owner or the parcel), and whether the building under it pays half this round.
   */
  figures: { id: number; parcel: ParcelRef; target: 'PARCEL' | 'BUILDING'; halvesIncome: boolean }[];
}

function view(s: CarsonState): OutlawsView | null {
  const o = s.outlaws ?? null;
  if (!o) return null;
  return {
    strength: o.strength,
    vp: outlawVp(s),
    vpTable: (s.options.outlawVP ?? DEFAULT_OUTLAW_VP).slice(),
    dataSource: s.options.outlawVPSource ?? outlawDataSource(s.options.outlawVP ?? DEFAULT_OUTLAW_VP),
    supply: o.supply,
    figures: o.figures.map((f) => ({
      id: f.id,
      parcel: parcelRef(f.parcel),
      target: outlawLoc(s, f.parcel).startsWith('B:') ? ('BUILDING' as const) : ('PARCEL' as const),
      halvesIncome: outlawLoc(s, f.parcel).startsWith('B:') && outlawHalves(s, f.parcel),
    })),
  };
}

/**
 * `outlawVP` (§13 #28): 6 integers 0..20, the VP of the outlaw tiles of strength 8..13. Default
 * DEFAULT_OUTLAW_VP; accepted without the module only as the default (parsed options parse again).
 */
function parseVp(raw: unknown, enabled: boolean): number[] | string {
  if (raw === undefined) return DEFAULT_OUTLAW_VP.slice();
  const ok =
    Array.isArray(raw) &&
    raw.length === 6 &&
    raw.every((x) => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= 20);
  if (!ok) return 'outlawVP is 6 integers 0..20: the VP of outlaw strengths 8..13 (§13 #28)';
  const table = (raw as number[]).slice();
  if (!enabled && table.some((x, i) => x !== DEFAULT_OUTLAW_VP[i]))
    return 'outlawVP only with the OUTLAWS module';
  return table;
}

/** `outlawVP` and `outlawVPSource`, which flags the invented VP table like the solo data (derived, never set). */
const parseOptions: OutlawsPort['parseOptions'] = (o, enabled) => {
  const vp = parseVp(o.outlawVP, enabled);
  if (typeof vp === 'string') return vp;
  const source = enabled ? outlawDataSource(vp) : undefined;
  if (o.outlawVPSource !== undefined && !source) return 'outlawVPSource only with the OUTLAWS module';
  if (o.outlawVPSource !== undefined && o.outlawVPSource !== source)
    return `outlawVPSource is derived from outlawVP (${source} here), not set`;
  return { vp, source };
};

export const OUTLAWS_PORT: OutlawsPort = Object.freeze({
  moveOrderPurpose: OUTLAW_MOVE_ORDER,
  isOutlawLoc,
  parseOptions,
  view,
  rewardTasks: outlawRewardTasks,
  initialOutlaws,
  outlawsOn,
  hasOutlaw,
  outlawLoc,
  outlawHalves,
  outlawArrival,
  jailCheck,
  outlawMoves,
  outlawMoveChosen,
  outlawFights,
  outlawReward,
  outlawRewardChosen,
  outlawMovesFlow,
  afterOutlawMove,
});
