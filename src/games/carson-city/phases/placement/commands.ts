/**
 * Phase 2 (§4.3): PLACE_COWBOY, one cowboy on a target (prompt PLACE_COWBOY; also Kit Carson's
 * session, §10.4, and Horses' stable 2's extra cowboy, §10.6), and PASS, the first free space of
 * the pass-order track (also stable 2's pass). The rules are ./rules.ts, the listing ./listing.ts.
 */
import { violation, type RuleViolation, type Seat } from '../../../engine';
import { Codes, promptOf } from '../../codes';
import { bad, isBool, targetField, type Raw } from '../../commands';
import type { Ctx } from '../../ctx';
import type { CarsonHandler, CommandOf } from '../../protocol';
import type { CarsonState } from '../../state';
import { PORTS } from '../../ports';
import { placementCandidates, validPlacements } from './listing';
import { nextPlacement, placementViolation, targetLoc } from './rules';

type Place = CommandOf<'PLACE_COWBOY'>;
type Pass = CommandOf<'PASS'>;

function parse(o: Raw): Place | RuleViolation {
  const parsed = targetField(o.target);
  if (typeof parsed === 'string') return bad(parsed);
  if (![o.white, o.noDuel, o.dynamite, o.extra].every(isBool)) return bad('flags are booleans');
  // Canonical form: flags appear only when true (so it matches legalCommands exactly).
  const cmd: Place = { type: 'PLACE_COWBOY', target: parsed };
  if (o.white === true) cmd.white = true;
  if (o.noDuel === true) cmd.noDuel = true;
  if (o.dynamite === true) cmd.dynamite = true;
  if (o.extra === true) cmd.extra = true;
  return cmd;
}

function check(s: CarsonState, seat: Seat, cmd: Place): RuleViolation | null {
  // Stable 2 (§10.6): one extra cowboy from the reserve.
  if (cmd.extra === true && promptOf(s, seat)!.kind === 'STABLE_TWO')
    return violation(Codes.NO_COWBOY, 'the extra cowboy comes from your reserve');
  return placementViolation(s, seat, cmd);
}

function decide(ctx: Ctx, seat: Seat, cmd: Place): void {
  const s = ctx.state;
  const prompt = ctx.answered!;
  const loc = targetLoc(cmd.target);
  const extra = cmd.extra === true;
  if (prompt.kind === 'STABLE_TWO') ctx.emit({ type: 'STABLE_TWO_CHOSEN', seat, choice: 'EXTRA_COWBOY' });
  ctx.emit({
    type: 'COWBOY_PLACED',
    seat,
    loc,
    white: cmd.white === true,
    noDuel: cmd.noDuel === true || extra,
    dynamite: cmd.dynamite === true,
    extra,
    ...(PORTS.kit.kitOn(s) && { seq: PORTS.kit.seq(prompt) }),
  });
  if (extra) ctx.emit({ type: 'OPTION_CHOSEN', seat, purpose: 'SINGER_EXTRA', option: 'USED' });
  nextPlacement(ctx, prompt);
  // Horses: a horse into a stable after each placement, the extra one of stable 2 included
  // (§10.6, §13 #32). The next placement turn waits on the agenda. Kit Carson: only while the
  // seat has stabled fewer horses this round than it has cowboys on the board, so withdrawing
  // and placing again never brings more horses than placing once (§10.4 decision).
  if (prompt.kind === 'PLACE_COWBOY' || prompt.kind === 'STABLE_TWO') {
    if (!PORTS.kit.kitOn(s) || PORTS.kit.kitHorseDue(ctx.state, seat))
      PORTS.horses.offerHorse(ctx, seat, prompt.index);
  } else if (prompt.kind === 'KIT_PLACEMENT' && PORTS.kit.kitHorseDue(ctx.state, seat))
    PORTS.horses.offerHorse(ctx, seat, 0);
}

export const PLACE_COWBOY: CarsonHandler<Place> = {
  type: 'PLACE_COWBOY',
  types: ['PLACE_COWBOY'],
  answers: ['PLACE_COWBOY', 'KIT_PLACEMENT', 'STABLE_TWO'],
  keys: ['target', 'white', 'noDuel', 'dynamite', 'extra'],
  parse,
  check,
  decide,
  // Valid by construction (listing.ts); stable 2 takes no Singer's extra cowboy.
  legal(s, seat) {
    const out: Place[] = [];
    validPlacements(s, seat, out, promptOf(s, seat)!.kind !== 'STABLE_TWO');
    return out;
  },
  candidates: placementCandidates,
};

const PASS_COMMAND: Pass = Object.freeze({ type: 'PASS' });

export const PASS: CarsonHandler<Pass> = {
  type: 'PASS',
  types: ['PASS'],
  answers: ['PLACE_COWBOY', 'STABLE_TWO'],
  keys: [],
  check: () => null,
  decide(ctx, seat) {
    const s = ctx.state;
    const prompt = ctx.answered!;
    if (prompt.kind === 'STABLE_TWO') ctx.emit({ type: 'STABLE_TWO_CHOSEN', seat, choice: 'PASS' });
    ctx.emit({
      type: 'PASSED',
      seat,
      position: s.passed.length + 1,
      automatic: false,
      ...(PORTS.kit.kitOn(s) && { seq: PORTS.kit.seq(prompt) }),
    });
    nextPlacement(ctx, prompt);
  },
  legal: () => [PASS_COMMAND],
};
