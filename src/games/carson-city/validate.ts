/**
 * Is a command legal for a seat now? Returns null or the violation (stable codes). The common
 * part (protocol.ts step 2): the game is not over, the seat has a prompt, the command's handler
 * answers its kind; then the handler's own `check`. The refusal codes and `promptOf` are in
 * codes.ts, the placement rules in phases/placement/rules.ts (re-exported here for the callers
 * that read them from validate).
 */
import { CommonViolations, violation, type RuleViolation, type Seat } from '../engine';
import { Codes, promptOf } from './codes';
import type { CarsonCommand } from './commands';
import { kitCarson } from './flow';
import { mightOf } from './table';
import { moveViolation } from './phases/placement/rules';
import { ANSWERING, HANDLERS } from './protocol';
import type { CarsonState, PromptState } from './state';
import { PORTS } from './ports';

export { Codes, promptOf } from './codes';
export {
  locationViolation,
  markerViolation,
  ownPlacement,
  placementViolation,
  targetLoc,
  withoutCowboy,
} from './phases/placement/rules';

const wrongPrompt = (cmd: CarsonCommand, prompt: PromptState): RuleViolation =>
  violation(Codes.WRONG_PROMPT, `${cmd.type} does not answer ${prompt.kind}`);

export function validate(s: CarsonState, seat: Seat, cmd: CarsonCommand): RuleViolation | null {
  if (s.flow.phase === 'GAME_OVER') return violation(CommonViolations.GAME_OVER, 'the game is over');
  const prompt = promptOf(s, seat);
  if (!prompt) return violation(CommonViolations.NOT_YOUR_TURN, 'you have nothing to decide now');
  const h = ANSWERING[prompt.kind]?.[cmd.type];
  if (h) return h.check(s, seat, cmd);
  if (HANDLERS[cmd.type]) return wrongPrompt(cmd, prompt);
  return oldValidate(s, seat, cmd, prompt);
}

// TRANSITIONAL (until the modules' handlers are in the table): the checks of the module command
// types, at the module prompts they answer.

function stableHorseViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type !== 'STABLE_HORSE') return wrong();
  // Kit Carson: stable 2 (its extra placement / move / pass) is not used (§10.4, PT p. 19).
  if (cmd.stable === 2 && kitCarson(s))
    return violation(Codes.ILLEGAL_TARGET, 'stable 2 is not used with Kit Carson');
  return PORTS.horses.canStable(s, seat)
    ? null
    : violation(Codes.NO_HORSE, 'no horse in your personal supply');
}

function duelTileViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'CHOOSE_DUEL_TILE' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type !== 'CHOOSE_DUEL_TILE') return wrong();
  const need = prompt.need[prompt.waiting.indexOf(seat)];
  if (cmd.tiles.length !== need) return violation(Codes.ILLEGAL_TILES, `choose exactly ${need} tile(s)`);
  // Only the seat's own hand is consulted: the message reveals nothing of anyone else's.
  return PORTS.might.inHand(mightOf(s)!.hands[seat], cmd.tiles)
    ? null
    : violation(Codes.ILLEGAL_TILES, 'you do not hold those tiles');
}

function duelDieViolation(
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'CHOOSE_DUEL_DIE' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type !== 'CHOOSE_DUEL_DIE') return wrong();
  const key = JSON.stringify(cmd.dice.slice().sort((a, b) => a - b));
  return prompt.options.some((o) => JSON.stringify(o) === key)
    ? null
    : violation(Codes.ILLEGAL_OPTION, 'keep one of the dice you rolled, one of each pair (§10.1)');
}

function oldValidate(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: PromptState,
): RuleViolation | null {
  const wrong = () => wrongPrompt(cmd, prompt);
  switch (prompt.kind) {
    case 'FILL_SHEET': {
      if (cmd.type !== 'FILL_SHEET') return wrong();
      const problem = PORTS.anb.sheetProblemFor(s, seat, cmd);
      return problem ? violation(Codes[problem.code], problem.message) : null;
    }
    case 'KIT_PLACEMENT':
      return PORTS.kit.kitViolation(s, seat, cmd, wrong);
    case 'STABLE_HORSE':
      return stableHorseViolation(s, seat, cmd, wrong);
    case 'BUY_HORSE':
      if (cmd.type !== 'BUY_HORSE') return wrong();
      return s.players[seat].money >= prompt.price
        ? null
        : violation(Codes.INSUFFICIENT_FUNDS, `a horse costs $${prompt.price}`);
    case 'STABLE_TWO':
      // Stable 2 (§10.6): its move (its extra cowboy, pass and nothing have their handlers).
      return cmd.type === 'MOVE_PLACED_COWBOY' ? moveViolation(s, seat, cmd) : wrong();
    case 'CHOOSE_DUEL_DIE':
      return duelDieViolation(cmd, prompt, wrong);
    case 'CHOOSE_DUEL_TILE':
      return duelTileViolation(s, seat, cmd, prompt, wrong);
    default:
      return wrong();
  }
}
