// Checks that a finished game's dice, deals and draws all followed from its committed secret.
//   npm run verify-game -- game.json      (or - for stdin)
// The file is the game's fairness proof: `GET /api/games/:id/fairness-proof`, the GraphQL field
// `game(id) { fairnessProof }` (the whole answer may be given), or
// `npm run export -- --game <id> --format proof`. Needs no server and no database: the engine
// decides every command again with rngFor(secret, version) and compares with the recorded events.
// Exit code 0 = verified, 1 = not.
import { readFileSync } from 'node:fs';
import { runMain } from '../analytics/cli-support';
import type { GameDefinition } from '../games/bots';
import { ALL_GAMES } from '../games/index';
import { type FairnessProof, type FairnessVerdict, verifyFairnessProof } from '../play/fairness';

/** The proof inside `document`: the proof itself or a GraphQL answer carrying it. */
function proofIn(document: unknown): FairnessProof {
  const answer = document as { data?: { game?: { fairnessProof?: unknown } } };
  return (answer?.data?.game?.fairnessProof ?? document) as FairnessProof;
}

/** Verify the proof in `text` (JSON) with the engines in `games`; `report` is one line for people. */
export function verifyGameText(
  text: string,
  games: GameDefinition[] = ALL_GAMES,
): FairnessVerdict & { report: string } {
  const refuse = (problem: string) => ({
    ok: false,
    batches: 0,
    events: 0,
    problem,
    report: `NOT VERIFIED: ${problem}`,
  });
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return refuse('not JSON');
  }
  const proof = proofIn(document);
  const engine = games.find((g) => g.engine.type === proof?.type)?.engine;
  if (!engine) return refuse(`not a fairness proof of a known game type (${String(proof?.type)})`);
  const verdict = verifyFairnessProof(engine, proof);
  const what = `${proof.type} game ${String(proof.gameId)}`;
  if (!verdict.ok) {
    const at = verdict.atVersion === undefined ? '' : ` (batch from version ${verdict.atVersion})`;
    return {
      ...verdict,
      report: `NOT VERIFIED: ${what}: ${verdict.problem}${at}; ${verdict.batches} batches matched before`,
    };
  }
  const seeded = proof.seeded
    ? ' (its creator chose the seed: reproducible, not fair against the creator)'
    : '';
  return {
    ...verdict,
    report: `VERIFIED: ${what}: ${verdict.events} events in ${verdict.batches} batches follow from the secret committed as ${proof.commitment}${seeded}`,
  };
}

if (require.main === module) {
  runMain('verify-game', async () => {
    const path = process.argv[2];
    if (!path) throw new Error('usage: npm run verify-game -- <fairness-proof.json | ->');
    const verdict = verifyGameText(readFileSync(path === '-' ? 0 : path, 'utf8'));
    console.log(verdict.report);
    if (!verdict.ok) process.exitCode = 1;
  });
}
