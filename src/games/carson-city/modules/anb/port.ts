/** A New Beginning's port (§10.1): what the core asks of the module (see ../../ports.ts). */
import type { Viewer } from '../../../engine';
import {
  ANB_START_COWBOYS,
  ANB_START_MONEY,
  chooseSideFreely,
  greatServiceQueue,
  greatServiceReady,
  greatServiceTiles,
  hasPower,
  marksmanDice,
  marksmanOptions,
  NORMAL_START_SHEET,
  parcelPlacementTasks,
  revealSheets,
  sheetTotal,
  type Sheet,
} from './anb';
import type { AnbPort } from '../../ports';
import type { CarsonState } from '../../state';

/**
 * A New Beginning in the view, null without it. Per seat: `sealed` (handed in), `sheet` and
 * `total` (the viewer's own sheet at once, everyone's after the reveal, else null),
 * `greatServiceUsed`.
 */
export interface AnbView {
  revealed: boolean;
  seats: {
    seat: number;
    sealed: boolean;
    sheet: Sheet | null;
    total: number | null;
    greatServiceUsed: boolean;
  }[];
}

/** The sheets as `viewer` may see them (another seat's sealed sheet is hidden, §10.1). */
function view(s: CarsonState, viewer: Viewer): AnbView | null {
  const anb = s.anb;
  if (!anb) return null;
  return {
    revealed: anb.revealed,
    seats: anb.sheets.map((sheet, seat) => {
      const visible = sheet !== null && (anb.revealed || viewer === seat);
      return {
        seat,
        sealed: anb.sealed[seat],
        sheet: visible ? { ...sheet } : null,
        total: visible ? sheetTotal(sheet) : null,
        greatServiceUsed: anb.greatServiceUsed[seat],
      };
    }),
  };
}

export const ANB_PORT: AnbPort = Object.freeze({
  marksmanDice,
  view,
  hasPower,
  marksmanOptions,
  parcelPlacementTasks,
  startMoney: ANB_START_MONEY,
  startCowboys: ANB_START_COWBOYS,
  normalStartSheet: NORMAL_START_SHEET,
  chooseSideFreely,
  greatServiceQueue,
  greatServiceReady,
  greatServiceTiles,
  revealSheets,
});
