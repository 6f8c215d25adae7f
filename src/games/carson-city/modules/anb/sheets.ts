/**
 * A New Beginning's sheets as legalCommands lists them (§10.1): moved here from the core's
 * legal.ts (#12 item 4); the module's FILL_SHEET handler (./commands.ts) lists them.
 */
import type { CarsonCommand } from '../../commands';
import { NORMAL_START_SHEET, sheetTotal, VP_CHOICES, type Sheet } from './anb';

/** A FILL_SHEET command (the sheet handed in). */
export type SheetCommand = Extract<CarsonCommand, { type: 'FILL_SHEET' }>;

/** First-player bids offered by legalCommands with the normal start (any bid within $50 is accepted). */
export const CANONICAL_BIDS: readonly number[] = [0, 1, 5];

/**
 * A New Beginning sheets listed by legalCommands (§10.1). The full space (rows 0..4, the VP
 * column, three powers, bids $0..$50) has about a million sheets, so legalCommands lists a small
 * canonical subset and `validate` accepts any sheet within $50: the one documented exception to
 * "every accepted command is listed". The subset (about 400, so a client's legalCommands answer
 * stays small) is:
 * - every combination of the four purchase rows within $50, without VP, powers or bid;
 * - the normal start ($35, T22) changed in one way: each power alone, each VP column, each bid;
 * - each non-empty set of powers with nothing else.
 */
function canonicalSheets(): SheetCommand[] {
  const out: SheetCommand[] = [];
  const seen = new Set<string>();
  const add = (sheet: Sheet) => {
    const key = JSON.stringify(sheet);
    if (sheetTotal(sheet) > 50 || seen.has(key)) return;
    seen.add(key);
    out.push(Object.freeze({ type: 'FILL_SHEET', ...sheet }) as SheetCommand);
  };
  const none: Sheet = {
    cowboys: 0,
    revolvers: 0,
    roads: 0,
    parcels: 0,
    vp: 0,
    influential: false,
    greatService: false,
    marksman: false,
    bid: 0,
  };
  const counts = [0, 1, 2, 3, 4];
  for (const cowboys of counts)
    for (const revolvers of counts)
      for (const roads of counts)
        for (const parcels of counts) add({ ...none, cowboys, revolvers, roads, parcels });
  const normal: Sheet = { ...NORMAL_START_SHEET };
  for (const power of ['influential', 'greatService', 'marksman'] as const) add({ ...normal, [power]: true });
  for (const vp of VP_CHOICES) add({ ...normal, vp });
  for (const bid of CANONICAL_BIDS) add({ ...normal, bid });
  for (let powers = 1; powers < 8; powers++)
    add({
      ...none,
      influential: (powers & 1) !== 0,
      greatService: (powers & 2) !== 0,
      marksman: (powers & 4) !== 0,
    });
  return out;
}
export const CANONICAL_SHEETS: readonly SheetCommand[] = canonicalSheets();
