/**
 * legalCommands (protocol.ts step 4: the `legal` forms of the handlers answering the seat's
 * prompt, in the table's order, then the roads beside them), its reference legalByValidation, and
 * timeoutCommand.
 */
import type { Seat } from '../engine';
import { promptOf } from './codes';
import type { CarsonCommand } from './commands';
import { BY_PROMPT, notInstalled } from './protocol';
import type { CarsonState } from './state';
import { validate } from './validate';
import { PORTS } from './ports';

/**
 * The commands validate accepts at the seat's prompt (protocol.ts step 4): the `legal` forms of
 * the handlers answering it, in the table's order, then (when anything else is listed) the roads.
 */
export function legalCommands(s: CarsonState, seat: Seat): CarsonCommand[] {
  const prompt = promptOf(s, seat);
  if (!prompt) return [];
  const hs = BY_PROMPT[prompt.kind];
  if (!hs) throw notInstalled();
  let out: CarsonCommand[] | null = null;
  for (let i = 0; i < hs.length; i++) {
    const h = hs[i];
    if (h.alongside) continue;
    const forms = h.legal(s, seat);
    if (forms.length === 0) continue;
    // One copy of both lists (concat) rather than one push per form (PASS before the placements).
    out = out === null ? forms : out.concat(forms);
  }
  if (out === null) return [];
  for (let i = 0; i < hs.length; i++) {
    const h = hs[i];
    if (!h.alongside) continue;
    const forms = h.legal(s, seat);
    for (let k = 0; k < forms.length; k++) out.push(forms[k]);
  }
  return out;
}

/**
 * legalCommands as every handler's candidates (`candidates`, else `legal`) filtered by `validate`,
 * in the same shape: the reference a test compares legalCommands with.
 */
export function legalByValidation(s: CarsonState, seat: Seat): CarsonCommand[] {
  const prompt = promptOf(s, seat);
  if (!prompt) return [];
  const accepted = (c: CarsonCommand) => validate(s, seat, c) === null;
  const hs = BY_PROMPT[prompt.kind];
  if (!hs) throw notInstalled();
  const out: CarsonCommand[] = [];
  for (const alongside of [false, true]) {
    if (alongside && out.length === 0) break;
    for (const h of hs)
      if ((h.alongside === true) === alongside)
        out.push(...(h.candidates ? h.candidates(s, seat) : h.legal(s, seat)).filter(accepted));
  }
  return out;
}

/**
 * What a turn timer does: pass, decline (GREAT_SERVICE: keep the power), keep pending, refuse,
 * the minimum, or the first option; the sheet buys the normal start and the Marksman keeps his
 * highest dice (A New Beginning).
 * A duel tile choice (Might is Right) times out to the lowest tile(s): the first listed. Kit
 * Carson's simultaneous placement times out to LOCK (§10.4): a seat's timer ends its placing, so
 * the game never stalls on the simultaneous prompt.
 */
export function timeoutCommand(s: CarsonState, seat: Seat): CarsonCommand | null {
  const prompt = promptOf(s, seat);
  if (!prompt) return null;
  // A New Beginning: the sheet that buys the normal start (T22: $35, leaving $15, §10.1).
  if (prompt.kind === 'FILL_SHEET') return { type: 'FILL_SHEET', ...PORTS.anb.normalStartSheet };
  // Marksman: the highest die (dice) rolled — the strongest choice (§10.1).
  if (prompt.kind === 'CHOOSE_DUEL_DIE')
    return { type: 'CHOOSE_DUEL_DIE', dice: prompt.options[prompt.options.length - 1].slice() };
  const legal = legalCommands(s, seat).filter((c) => c.type !== 'PLACE_ROAD');
  // Stable 2: a timer takes no effect at all rather than ending the seat's placements.
  const prefer =
    prompt.kind === 'STABLE_TWO'
      ? ['DECLINE_ACTION']
      : ['PASS', 'LOCK', 'DECLINE_ACTION', 'KEEP_PENDING', 'CANCEL_BUILD'];
  for (const t of prefer) {
    const c = legal.find((x) => x.type === t);
    if (c) return c;
  }
  return legal[0] ?? null;
}
