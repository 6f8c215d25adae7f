/**
 * Is a command legal for a seat now? Returns null or the violation (stable codes). The common
 * part (protocol.ts step 2): the game is not over, the seat has a prompt, the command's handler
 * answers its kind; then the handler's own `check` (the handlers' checks are in phases/ and
 * modules/<name>/commands.ts). The refusal codes and `promptOf` are in codes.ts, a leaf the
 * handlers read (re-exported here).
 */
import { CommonViolations, violation, type RuleViolation, type Seat } from '../engine';
import { Codes, promptOf } from './codes';
import type { CarsonCommand } from './commands';
import { ANSWERING, notInstalled } from './protocol';
import type { CarsonState, PromptState } from './state';

export { Codes, promptOf } from './codes';

const wrongPrompt = (cmd: CarsonCommand, prompt: PromptState): RuleViolation =>
  violation(Codes.WRONG_PROMPT, `${cmd.type} does not answer ${prompt.kind}`);

export function validate(s: CarsonState, seat: Seat, cmd: CarsonCommand): RuleViolation | null {
  if (s.flow.phase === 'GAME_OVER') return violation(CommonViolations.GAME_OVER, 'the game is over');
  const prompt = promptOf(s, seat);
  if (!prompt) return violation(CommonViolations.NOT_YOUR_TURN, 'you have nothing to decide now');
  const answering = ANSWERING[prompt.kind];
  if (!answering) throw notInstalled();
  const h = answering[cmd.type];
  return h ? h.check(s, seat, cmd) : wrongPrompt(cmd, prompt);
}
