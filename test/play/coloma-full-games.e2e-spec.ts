/**
 * Full Coloma games through the public GraphQL API on the embedded scheduler: one human seat
 * played by always choosing a legal command, bot seats at each level, several seeds. Every game
 * must reach the end; a stall (a prompted seat with no legal commands, a bot turn never taken,
 * a simultaneous prompt never resolved) fails with what the game showed. The human picks among
 * the controls the web client offers (Commands.tsx), as the browser test does.
 * COLOMA_GAMES=n adds n more 2-seat games against RANDOM (a soak run by hand, not in CI).
 */
import { collect, startServer, type RunningServer } from '../support/app';
import { createTestPglite, type TestPglite } from '../support/database';
import { scaled } from '../support/time-scale.cjs';

const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) {
  game { id } seatTokens { seat token } } }`;
const GAME = `query($id: ID!) { game(id: $id) { status version activeSeats legalCommands result } }`;
/** The web client's subscription (web/src/api.ts): the seat's view and events on every change. */
const UPDATES = `subscription($id: ID!) { gameUpdated(gameId: $id) {
  fromVersion version status activeSeats view events { version type payload seat actor at } } }`;
const SUBMIT = `mutation($id: ID!, $command: JSON!, $v: Int) {
  submitCommand(gameId: $id, command: $command, expectedVersion: $v) { accepted version } }`;

interface Game {
  status: string;
  version: number;
  activeSeats: number[];
  legalCommands: unknown[];
  result: unknown;
}

/** The commands the web client offers as buttons (Commands.tsx: a group over 10 sends its first). */
function uiControls(commands: { type: string }[]): unknown[] {
  const groups = new Map<string, unknown[]>();
  for (const c of commands) groups.set(c.type, [...(groups.get(c.type) ?? []), c]);
  return [...groups.values()].flatMap((g) => (g.length > 10 ? [g[0]] : g));
}

describe('full Coloma games with bots (GraphQL, embedded scheduler)', () => {
  let db: TestPglite;
  let server: RunningServer;
  beforeAll(async () => {
    db = await createTestPglite();
    server = await startServer({ database: db, inlineBots: true });
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  async function game(id: string, token: string): Promise<Game> {
    const res = await server.gql<{ game: Game }>(GAME, { id }, token);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!.game;
  }

  async function play(seed: string, bots: string[]): Promise<Game> {
    const created = await server.gql<{
      createGame: { game: { id: string }; seatTokens: { seat: number; token: string }[] };
    }>(CREATE, {
      input: {
        type: 'coloma',
        seed,
        start: true,
        seats: [{ kind: 'HUMAN', name: 'Ann' }, ...bots.map((botLevel) => ({ kind: 'BOT', botLevel }))],
      },
    });
    if (created.errors) throw new Error(JSON.stringify(created.errors));
    const id = created.data!.createGame.game.id;
    const token = created.data!.createGame.seatTokens[0].token;
    const live = collect<{ gameUpdated: { version: number; status: string } }>(server.ws(token), UPDATES, {
      id,
    });
    await server.subscribed(id, 1);
    try {
      const end = await drive(seed, id, token);
      // The seat's subscription followed every change to the end, with no error (a failed
      // redaction or view would end it, and a browser would wait forever).
      for (let i = 0; live.items.at(-1)?.gameUpdated.status !== 'FINISHED'; i++) {
        if (live.errors.length || i > 500) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(live.errors).toEqual([]);
      expect(live.items.at(-1)?.gameUpdated).toMatchObject({ status: 'FINISHED', version: end.version });
      return end;
    } finally {
      live.dispose();
    }
  }

  async function drive(seed: string, id: string, token: string): Promise<Game> {
    let lastVersion = -1;
    let stillSince = Date.now();
    for (let step = 0; ; step++) {
      const g = await game(id, token);
      if (g.status === 'FINISHED') return g;
      if (g.version !== lastVersion) {
        lastVersion = g.version;
        stillSince = Date.now();
      }
      const mine = g.activeSeats.includes(0);
      if (mine && g.legalCommands.length === 0)
        throw new Error(`${seed}: seat 0 prompted with no legal commands at version ${g.version}`);
      if (mine) {
        const controls = uiControls(g.legalCommands as { type: string }[]);
        const command = controls[(step * 7919) % controls.length];
        const res = await server.gql(SUBMIT, { id, command, v: g.version }, token);
        if (res.errors && !JSON.stringify(res.errors).includes('CONFLICT'))
          throw new Error(`${seed}: ${JSON.stringify(command)} refused: ${JSON.stringify(res.errors)}`);
        continue;
      }
      if (Date.now() - stillSince > scaled(30_000))
        throw new Error(`${seed}: stalled at version ${g.version}: ${JSON.stringify(g)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const soak = Number(process.env.COLOMA_GAMES ?? 0);
  for (let i = 0; i < soak; i++) {
    it(`soak game x${i} against RANDOM reaches the end`, async () => {
      expect((await play(`coloma-full-x${i}`, ['RANDOM'])).result).not.toBeNull();
    });
  }
  it.each([
    ['s1', ['RANDOM']],
    ['s3', ['RANDOM', 'HEURISTIC']],
    ['s5', ['RANDOM', 'RANDOM', 'RANDOM']],
    ['s6', ['STRONG']],
  ])('seed %s against %j reaches the end', async (seed, bots) => {
    const g = await play(`coloma-full-${seed}`, bots);
    expect(g.result).not.toBeNull();
  });
});
