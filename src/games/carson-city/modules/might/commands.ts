/**
 * Might is Right's command (§10.3; #12 item 4, moved from commands.ts, validate.ts, decide.ts and
 * legal.ts): CHOOSE_DUEL_TILE, the sealed tile choice every waiting seat answers at once.
 */
import { type RuleViolation, type Seat, violation } from '../../../engine';
import { bad, isInt, type Raw } from '../../commands';
import { Codes, promptOfKind } from '../../codes';
import type { Ctx } from '../../ctx';
import type { CarsonHandler, CommandOf } from '../../protocol';
import type { CarsonState } from '../../state';
import { mightOf } from '../../table';
import { inHand, tileChoices, tileDuelStep } from './might';

type DuelTile = CommandOf<'CHOOSE_DUEL_TILE'>;

/** The tiles from JSON: 1 or 2 values 0..5, ascending (as legalCommands lists them). */
function parseTiles(o: Raw): DuelTile | RuleViolation {
  const tiles = o.tiles;
  if (!Array.isArray(tiles) || tiles.length < 1 || tiles.length > 2)
    return bad('tiles is a list of 1 or 2 values');
  if (!tiles.every((v) => isInt(v) && (v as number) >= 0 && (v as number) <= 5))
    return bad('tile values are 0..5');
  return { type: 'CHOOSE_DUEL_TILE', tiles: (tiles as number[]).slice().sort((a, b) => a - b) };
}

/** As many tiles as the seat plays, from its own hand (§10.3). */
function duelTileViolation(s: CarsonState, seat: Seat, cmd: DuelTile): RuleViolation | null {
  const prompt = promptOfKind(s, seat, 'CHOOSE_DUEL_TILE')!;
  const need = prompt.need[prompt.waiting.indexOf(seat)];
  if (cmd.tiles.length !== need) return violation(Codes.ILLEGAL_TILES, `choose exactly ${need} tile(s)`);
  // Only the seat's own hand is consulted: the message reveals nothing of anyone else's.
  return inHand(mightOf(s)!.hands[seat], cmd.tiles)
    ? null
    : violation(Codes.ILLEGAL_TILES, 'you do not hold those tiles');
}

/** The distinct choices of the seat's hand, lowest first. */
function duelTileCandidates(s: CarsonState, seat: Seat): DuelTile[] {
  const prompt = promptOfKind(s, seat, 'CHOOSE_DUEL_TILE');
  if (!prompt) return [];
  const need = prompt.need[prompt.waiting.indexOf(seat)];
  return tileChoices(mightOf(s)!.hands[seat], need).map((tiles) => ({ type: 'CHOOSE_DUEL_TILE', tiles }));
}

/**
 * CHOOSE_DUEL_TILE (§10.3): the sealed commit is recorded (redacted for the others), then the
 * other seats are waited for, or the tiles are revealed / the red Gunsmith chooses / it settles.
 */
export const CHOOSE_DUEL_TILE: CarsonHandler<DuelTile> = {
  type: 'CHOOSE_DUEL_TILE',
  types: ['CHOOSE_DUEL_TILE'],
  answers: ['CHOOSE_DUEL_TILE'],
  keys: ['tiles'],
  parse: parseTiles,
  check: duelTileViolation,
  decide(ctx: Ctx, seat: Seat, cmd: DuelTile): void {
    const prompt = ctx.answered!;
    if (prompt.kind !== 'CHOOSE_DUEL_TILE') return;
    ctx.emit({
      type: 'DUEL_TILES_CHOSEN',
      seat,
      loc: prompt.duel.loc,
      tiles: cmd.tiles.slice(),
      count: cmd.tiles.length,
    });
    const i = prompt.waiting.indexOf(seat);
    const waiting = prompt.waiting.filter((_, k) => k !== i);
    const need = prompt.need.filter((_, k) => k !== i);
    if (waiting.length > 0) ctx.prompt({ ...prompt, seat: waiting[0], waiting, need });
    else tileDuelStep(ctx, prompt.duel);
  },
  legal: (s, seat) => duelTileCandidates(s, seat).filter((c) => duelTileViolation(s, seat, c) === null),
  candidates: duelTileCandidates,
};
