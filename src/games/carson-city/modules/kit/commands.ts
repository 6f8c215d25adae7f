/**
 * Kit Carson's commands (§10.4; #12 item 4, moved from commands.ts, validate.ts, decide.ts and
 * legal.ts): LOCK, and RELOCATE_COWBOY / WITHDRAW_COWBOY (one shape, one handler: legalCommands
 * lists them interleaved per placed cowboy), at the session's prompt (KIT_PLACEMENT). PLACE_COWBOY
 * there is the core's placement handler, which asks the port for the session's sequence number.
 */
import { type RuleViolation, type Seat, violation } from '../../../engine';
import { bad, isBool, targetField, type Raw } from '../../commands';
import type { Ctx } from '../../ctx';
import { Codes } from '../../codes';
import { boardTargets, targetOf } from '../../phases/placement/listing';
import { locationViolation, nextPlacement, targetLoc } from '../../phases/placement/rules';
import type { CarsonHandler, CommandOf } from '../../protocol';
import type { CarsonState } from '../../state';
import { kitSeq, ownPlacement } from './kit';

type Lock = CommandOf<'LOCK'>;
type MoveOwn = CommandOf<'RELOCATE_COWBOY' | 'WITHDRAW_COWBOY'>;

const LOCK_COMMAND: Lock = Object.freeze({ type: 'LOCK' });

/** LOCK (§10.4): done for this round; the next free pass-order space. */
export const LOCK: CarsonHandler<Lock> = {
  type: 'LOCK',
  types: ['LOCK'],
  answers: ['KIT_PLACEMENT'],
  keys: [],
  check: () => null,
  decide(ctx: Ctx, seat: Seat): void {
    const prompt = ctx.answered!;
    ctx.emit({
      type: 'PASSED',
      seat,
      position: ctx.state.passed.length + 1,
      automatic: false,
      seq: kitSeq(prompt),
    });
    nextPlacement(ctx, prompt);
  },
  legal: () => [LOCK_COMMAND],
};

/** RELOCATE_COWBOY / WITHDRAW_COWBOY from JSON: `from` (and `to`), the `white` / `dynamite` flags. */
function parseMoveOwn(o: Raw): MoveOwn | RuleViolation {
  const t = o.type as MoveOwn['type'];
  // One handler's keys for both shapes: WITHDRAW_COWBOY has no `to`.
  if (t === 'WITHDRAW_COWBOY' && Object.hasOwn(o, 'to')) return bad(`unknown field in ${t}`);
  const from = targetField(o.from);
  if (typeof from === 'string') return bad(`from: ${from}`);
  if (![o.white, o.dynamite].every(isBool)) return bad('flags are booleans');
  let cmd: MoveOwn;
  if (t === 'RELOCATE_COWBOY') {
    const to = targetField(o.to);
    if (typeof to === 'string') return bad(`to: ${to}`);
    cmd = { type: t, from, to };
  } else cmd = { type: t, from };
  if (o.white === true) cmd.white = true;
  if (o.dynamite === true) cmd.dynamite = true;
  return cmd;
}

/** Move or withdraw one of your placed cowboys (not those in stables), §10.4. */
function moveOwnViolation(s: CarsonState, seat: Seat, cmd: MoveOwn): RuleViolation | null {
  const placed = ownPlacement(s, seat, cmd);
  if (!placed) return violation(Codes.NO_COWBOY, 'no such cowboy of yours there');
  if (cmd.type === 'WITHDRAW_COWBOY') return null;
  if (cmd.to.kind === 'STABLE')
    return violation(Codes.ILLEGAL_TARGET, 'a stable takes a cowboy from your reserve: place one there');
  if (targetLoc(cmd.to) === placed.loc)
    return violation(Codes.ILLEGAL_TARGET, 'that cowboy is already there');
  // The destination is checked like a new placement of that cowboy with its markers, on the
  // board without it (§10.4: legality against the current state).
  const without = { ...s, placements: s.placements.filter((x) => x !== placed) };
  return locationViolation(without, seat, cmd.to, placed);
}

/** Withdraw or move one of your placed cowboys, per cowboy: withdraw, then each board target. */
function kitMoves(s: CarsonState, seat: Seat): MoveOwn[] {
  const out: MoveOwn[] = [];
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
  return out;
}

/** RELOCATE_COWBOY and WITHDRAW_COWBOY (§10.4): the cowboy leaves with its markers. */
export const MOVE_OWN_COWBOY: CarsonHandler<MoveOwn> = {
  type: 'RELOCATE_COWBOY',
  types: ['RELOCATE_COWBOY', 'WITHDRAW_COWBOY'],
  answers: ['KIT_PLACEMENT'],
  keys: ['from', 'to', 'white', 'dynamite'],
  parse: parseMoveOwn,
  check: moveOwnViolation,
  decide(ctx: Ctx, seat: Seat, cmd: MoveOwn): void {
    const prompt = ctx.answered!;
    const placed = ownPlacement(ctx.state, seat, cmd)!;
    const markers = {
      white: placed.white,
      noDuel: placed.noDuel,
      dynamite: placed.dynamite,
      extra: placed.extra,
    };
    if (cmd.type === 'RELOCATE_COWBOY') {
      ctx.emit({
        type: 'COWBOY_RELOCATED',
        seat,
        from: placed.loc,
        to: targetLoc(cmd.to),
        ...markers,
        seq: kitSeq(prompt),
      });
    } else ctx.emit({ type: 'COWBOY_WITHDRAWN', seat, loc: placed.loc, ...markers, seq: kitSeq(prompt) });
    nextPlacement(ctx, prompt);
  },
  legal: (s, seat) => kitMoves(s, seat).filter((c) => moveOwnViolation(s, seat, c) === null),
  candidates: kitMoves,
};
