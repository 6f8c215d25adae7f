/**
 * Phase 1 (§4.2): PICK_CHARACTER, the personality a seat takes (prompt PICK_CHARACTER), and A New
 * Beginning's second tile of Great service done (prompt GREAT_SERVICE, §10.1; its DECLINE_ACTION
 * keeps the power for a later round).
 */
import { violation, type RuleViolation, type Seat } from '../../../engine';
import { Codes, promptOf } from '../../codes';
import { bad, isInt, type Raw } from '../../commands';
import { PAPERBOY, SHERIFF, TEACHER, type Side } from '../../data/personalities';
import type { Ctx } from '../../ctx';
import { PERSONALITY_DEFS } from '../../personalities';
import type { CarsonHandler, CommandOf } from '../../protocol';
import type { CarsonState } from '../../state';
import { PORTS } from '../../ports';

type Pick = CommandOf<'PICK_CHARACTER'>;

/**
 * Which side a tile is taken on (Teacher forced by round, §9.2 #17; 14 chosen by the holder; any
 * other tile chosen by a holder of Influential connections, §10.1, its own side when not given).
 */
function sideFor(
  s: CarsonState,
  id: number,
  requested: string | undefined,
  seat: Seat,
): 'YELLOW' | 'RED' | null {
  const tile = s.tiles.find((t) => t.id === id);
  if (!tile) return null;
  if (tile.side !== 'EITHER' && PORTS.anb.chooseSideFreely(s, seat, id)) {
    if (requested === undefined) return tile.side;
    return requested === 'YELLOW' || requested === 'RED' ? requested : null;
  }
  if (id === TEACHER) return requested === undefined ? (s.round === 4 ? 'RED' : 'YELLOW') : null;
  if (tile.side === 'EITHER') return requested === 'YELLOW' || requested === 'RED' ? requested : null;
  return requested === undefined ? tile.side : null;
}

function parse(o: Raw): Pick | RuleViolation {
  if (!isInt(o.personality) || (o.personality as number) < 0 || (o.personality as number) > 19)
    return bad('personality is 0..19');
  if (o.side !== undefined && o.side !== 'YELLOW' && o.side !== 'RED') return bad('side is YELLOW or RED');
  const cmd: Pick = { type: 'PICK_CHARACTER', personality: o.personality as number };
  if (o.side !== undefined) cmd.side = o.side as Side;
  return cmd;
}

function check(s: CarsonState, seat: Seat, cmd: Pick): RuleViolation | null {
  const prompt = promptOf(s, seat)!;
  if (prompt.kind === 'GREAT_SERVICE') {
    if (!prompt.tiles.includes(cmd.personality))
      return violation(
        Codes.TILE_UNAVAILABLE,
        'take one of the personalities left, not the Paperboy (§10.1)',
      );
  } else {
    const tile = s.tiles.find((t) => t.id === cmd.personality);
    if (!tile || tile.takenBy !== null)
      return violation(Codes.TILE_UNAVAILABLE, 'that personality is not available');
    if (
      prompt.kind === 'PICK_CHARACTER' &&
      prompt.paperboy &&
      (cmd.personality === SHERIFF || cmd.personality === PAPERBOY)
    )
      return violation(Codes.TILE_UNAVAILABLE, 'the Paperboy cannot take the Sheriff');
  }
  return sideFor(s, cmd.personality, cmd.side, seat)
    ? null
    : violation(Codes.ILLEGAL_SIDE, 'side only for the Doctor/Undertaker');
}

function decide(ctx: Ctx, seat: Seat, cmd: Pick): void {
  const s = ctx.state;
  const prompt = ctx.answered!;
  const side = sideFor(s, cmd.personality, cmd.side, seat)!;
  const paperboy = prompt.kind === 'PICK_CHARACTER' && prompt.paperboy;
  // A New Beginning: Great service done's second tile (§10.1); effects add up.
  const service = prompt.kind === 'GREAT_SERVICE';
  ctx.emit({
    type: 'CHARACTER_PICKED',
    seat,
    personality: cmd.personality,
    side,
    paperboy,
    ...(service && { greatService: true as const }),
  });
  // Influential connections: the tile stays on the side chosen (§10.1).
  const tile = s.tiles.find((t) => t.id === cmd.personality)!;
  if (tile.side !== 'EITHER' && tile.side !== side)
    ctx.emit({ type: 'TILE_FLIPPED', id: tile.id, side, reason: 'INFLUENTIAL' });
  PERSONALITY_DEFS[cmd.personality]?.onPick?.(ctx, seat, side);
}

/** Every tile left, on each side it may be named with (the check filters them). */
function candidates(s: CarsonState, seat: Seat): Pick[] {
  const out: Pick[] = [];
  for (const t of s.tiles) {
    if (t.takenBy !== null) continue;
    // Influential connections (§10.1): the tile's own side (no `side`) or either side named.
    if (t.side !== 'EITHER' && PORTS.anb.chooseSideFreely(s, seat, t.id))
      out.push({ type: 'PICK_CHARACTER', personality: t.id });
    if ((t.side === 'EITHER' && t.id !== TEACHER) || PORTS.anb.chooseSideFreely(s, seat, t.id)) {
      out.push({ type: 'PICK_CHARACTER', personality: t.id, side: 'YELLOW' });
      out.push({ type: 'PICK_CHARACTER', personality: t.id, side: 'RED' });
    } else out.push({ type: 'PICK_CHARACTER', personality: t.id });
  }
  return out;
}

export const PICK_CHARACTER: CarsonHandler<Pick> = {
  type: 'PICK_CHARACTER',
  types: ['PICK_CHARACTER'],
  answers: ['PICK_CHARACTER', 'GREAT_SERVICE'],
  keys: ['personality', 'side'],
  parse,
  check,
  decide,
  legal: (s, seat) => candidates(s, seat).filter((c) => check(s, seat, c) === null),
  candidates,
};
