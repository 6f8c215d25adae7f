/**
 * legalCommands (protocol.ts step 4: the `legal` forms of the handlers answering the seat's
 * prompt, in the table's order, then the roads beside them), its reference legalByValidation, and
 * timeoutCommand.
 */
import type { Seat } from '../engine';
import { promptOf } from './codes';
import type { CarsonCommand, CarsonCommandType } from './commands';
import { STABLES } from './data/modules';
import { mightOf } from './table';
import { BY_PROMPT, HANDLERS, type PromptKind } from './protocol';
import type { CarsonState, PromptState } from './state';
import { validate } from './validate';
import { PORTS } from './ports';
import { boardTargets, placementCandidates, targetOf, validPlacements } from './phases/placement/listing';

/**
 * TRANSITIONAL: the command types answering each prompt kind before the table; a prompt is listed
 * from the table once all of them have handlers, by the old code until then (the module prompts).
 */
const OLD_ANSWERS: Partial<Record<PromptKind, readonly CarsonCommandType[]>> = {
  FILL_SHEET: ['FILL_SHEET'],
  KIT_PLACEMENT: ['LOCK', 'PLACE_COWBOY', 'RELOCATE_COWBOY', 'WITHDRAW_COWBOY'],
  STABLE_TWO: ['DECLINE_ACTION', 'PASS', 'PLACE_COWBOY', 'MOVE_PLACED_COWBOY'],
  STABLE_HORSE: ['DECLINE_ACTION', 'STABLE_HORSE'],
  BUY_HORSE: ['DECLINE_ACTION', 'BUY_HORSE'],
  CHOOSE_DUEL_DIE: ['CHOOSE_DUEL_DIE'],
  CHOOSE_DUEL_TILE: ['CHOOSE_DUEL_TILE'],
};
const fromTable = (kind: PromptKind) => OLD_ANSWERS[kind]?.every((t) => HANDLERS[t] !== undefined) ?? true;

/**
 * The commands validate accepts at the seat's prompt (protocol.ts step 4): the `legal` forms of
 * the handlers answering it, in the table's order, then (when anything else is listed) the roads.
 */
export function legalCommands(s: CarsonState, seat: Seat): CarsonCommand[] {
  const prompt = promptOf(s, seat);
  if (!prompt) return [];
  if (!fromTable(prompt.kind)) return oldLegalCommands(s, seat, prompt);
  const hs = BY_PROMPT[prompt.kind]!;
  let out: CarsonCommand[] | null = null;
  for (let i = 0; i < hs.length; i++) {
    const h = hs[i];
    if (h.alongside) continue;
    const forms = h.legal(s, seat);
    if (forms.length === 0) continue;
    if (out === null) out = forms;
    else for (let k = 0; k < forms.length; k++) out.push(forms[k]);
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
  if (!fromTable(prompt.kind)) return oldLegalByValidation(s, seat, prompt);
  const accepted = (c: CarsonCommand) => validate(s, seat, c) === null;
  const hs = BY_PROMPT[prompt.kind]!;
  const out: CarsonCommand[] = [];
  for (const alongside of [false, true]) {
    if (alongside && out.length === 0) break;
    for (const h of hs)
      if ((h.alongside === true) === alongside)
        out.push(...(h.candidates ? h.candidates(s, seat) : h.legal(s, seat)).filter(accepted));
  }
  return out;
}

// TRANSITIONAL (until the modules' handlers are in the table): the module prompts' listing.

function oldLegalCommands(s: CarsonState, seat: Seat, prompt: PromptState): CarsonCommand[] {
  // A New Beginning: the canonical sheets within this seat's budget ($50, + 15 − tile total with
  // Might is Right) and, in solo, without a bid (§11.1); no one holds a road yet.
  if (prompt.kind === 'FILL_SHEET')
    return PORTS.anb.canonicalSheets.filter((c) => PORTS.anb.sheetProblemFor(s, seat, c) === null);
  const accepted = (c: CarsonCommand) => validate(s, seat, c) === null;
  const out: CarsonCommand[] = [];
  if (prompt.kind === 'KIT_PLACEMENT') {
    out.push({ type: 'LOCK' });
    validPlacements(s, seat, out);
    const moves: CarsonCommand[] = [];
    kitMoves(s, seat, moves);
    return withRoads(s, seat, out.concat(moves.filter(accepted)));
  }
  if (prompt.kind === 'STABLE_TWO') {
    out.push({ type: 'DECLINE_ACTION' }, { type: 'PASS' });
    validPlacements(s, seat, out, false);
    const moves: CarsonCommand[] = [];
    stableTwoMoves(s, seat, moves);
    return withRoads(s, seat, out.concat(moves.filter(accepted)));
  }
  return withRoads(s, seat, oldCandidates(s, seat, prompt).filter(accepted));
}

function oldLegalByValidation(s: CarsonState, seat: Seat, prompt: PromptState): CarsonCommand[] {
  if (prompt.kind === 'FILL_SHEET')
    return PORTS.anb.canonicalSheets.filter((c) => validate(s, seat, c) === null);
  return withRoads(
    s,
    seat,
    oldCandidates(s, seat, prompt).filter((c) => validate(s, seat, c) === null),
  );
}

/** Roads from the reserve beside the other answers (the road handler's forms). */
function withRoads(s: CarsonState, seat: Seat, out: CarsonCommand[]): CarsonCommand[] {
  if (out.length > 0) out.push(...HANDLERS.PLACE_ROAD!.legal(s, seat));
  return out;
}

function kitCandidates(s: CarsonState, seat: Seat, out: CarsonCommand[]): void {
  // Kit Carson (§10.4): lock, place, or move / withdraw one of your placed cowboys (not
  // those in stables).
  out.push({ type: 'LOCK' }, ...placementCandidates(s, seat));
  kitMoves(s, seat, out);
}

/** Kit Carson: withdraw or move one of your placed cowboys (validate filters them). */
function kitMoves(s: CarsonState, seat: Seat, out: CarsonCommand[]): void {
  const targets = boardTargets(s);
  const seen = new Set<string>();
  for (const p of s.placements) {
    if (p.seat !== seat || p.loc.startsWith('S:')) continue;
    const key = `${p.loc}:${p.white}:${p.dynamite}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const from = targetOf(p.loc);
    const flags = { ...(p.white && { white: true }), ...(p.dynamite && { dynamite: true }) };
    out.push({ type: 'WITHDRAW_COWBOY', from, ...flags });
    for (const to of targets) out.push({ type: 'RELOCATE_COWBOY', from, to, ...flags });
  }
}

function stableTwoCandidates(s: CarsonState, seat: Seat, out: CarsonCommand[]): void {
  // Stable 2 (§10.6): nothing, pass, one extra cowboy, or move a placed one.
  out.push({ type: 'DECLINE_ACTION' }, { type: 'PASS' }, ...placementCandidates(s, seat));
  stableTwoMoves(s, seat, out);
}

/** Stable 2: move a placed cowboy to the board or back to the reserve (validate filters them). */
function stableTwoMoves(s: CarsonState, seat: Seat, out: CarsonCommand[]): void {
  for (const from of PORTS.horses.movableCowboys(s, seat)) {
    const fromTarget = targetOf(from.loc);
    out.push({ type: 'MOVE_PLACED_COWBOY', from: fromTarget });
    for (const to of boardTargets(s)) out.push({ type: 'MOVE_PLACED_COWBOY', from: fromTarget, to });
  }
}

function oldCandidates(s: CarsonState, seat: Seat, prompt: PromptState): CarsonCommand[] {
  const out: CarsonCommand[] = [];
  switch (prompt.kind) {
    case 'KIT_PLACEMENT':
      kitCandidates(s, seat, out);
      break;
    case 'STABLE_TWO':
      stableTwoCandidates(s, seat, out);
      break;
    case 'STABLE_HORSE':
    case 'BUY_HORSE':
      out.push({ type: 'DECLINE_ACTION' });
      for (const stable of STABLES) out.push({ type: prompt.kind, stable });
      break;
    case 'CHOOSE_DUEL_DIE':
      for (const dice of prompt.options) out.push({ type: 'CHOOSE_DUEL_DIE', dice: dice.slice() });
      break;
    case 'CHOOSE_DUEL_TILE': {
      const need = prompt.need[prompt.waiting.indexOf(seat)];
      for (const tiles of PORTS.might.tileChoices(mightOf(s)!.hands[seat], need))
        out.push({ type: 'CHOOSE_DUEL_TILE', tiles });
      break;
    }
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
