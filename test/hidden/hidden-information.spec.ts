/**
 * Hidden information, as a property: what one seat receives (its view, its legal commands, the
 * events redacted for it, the errors it gets) must be identical in two games that differ only in
 * another seat's secret. For Bang!, swap the hidden roles of two other living seats, replay the
 * same commands with the same dice, and compare the viewer's observations until one of the two
 * is eliminated (which reveals its role) or the game ends. The PRNG seed must appear nowhere: not
 * a client's seed, and not the server's secret until the game is over (issue #10); test-only
 * options (Bang!'s fixed roles) publish nothing a seat could tell games apart by.
 */
import { createHash } from 'node:crypto';
import { bangDiceEngine, type BangEvent, type BangState } from '../../src/games/bang-dice/index';
import { isViolation } from '../../src/games/engine';
import type { BangCommand } from '../../src/games/bang-dice/index';
import { createRng, rngFor } from '../../src/games/random';
import { createTestPglite } from '../support/database';
import { collect, startServer, type RunningServer } from '../support/app';
import type { Database } from '../../src/database/database';

const GAMES = Number(process.env.HIDDEN_GAMES ?? 150);
const engine = bangDiceEngine;

interface Played {
  seed: string;
  seats: number;
  commands: { seat: number; command: BangCommand; version: number }[];
}

/** A random legal game, recorded as its seed and its commands. */
function playRandom(seed: string, seats: number, choose: ReturnType<typeof createRng>): Played {
  const setup = engine.setup(engine.parseOptions({}, seats) as never, seats, rngFor(seed, 0));
  let state = setup.reduce<BangState | null>((s, e) => engine.evolve(s, e), null)!;
  let version = setup.length;
  const commands: Played['commands'] = [];
  while (!engine.result(state) && commands.length < 2000) {
    const seat = engine.pending(state)[0].seat;
    const command = choose.pick(engine.legalCommands(state, seat));
    const events = engine.decide(state, seat, command, rngFor(seed, version));
    if (isViolation(events)) throw new Error(events.message);
    commands.push({ seat, command, version });
    for (const e of events) state = engine.evolve(state, e);
    version += events.length;
  }
  return { seed, seats, commands };
}

/** Everything `viewer` observes after each command, given setup events (possibly altered). */
function observations(
  played: Played,
  setup: BangEvent[],
  viewer: number,
  stopWhen: (s: BangState) => boolean,
): string[] {
  const out: string[] = [];
  let state = setup.reduce<BangState | null>((s, e) => engine.evolve(s, e), null)!;
  const observe = (events: BangEvent[], before: BangState | null) => {
    const redacted = events.map((e) => engine.redact(e, viewer, before));
    out.push(
      JSON.stringify({
        view: engine.view(state, viewer),
        legal: engine.legalCommands(state, viewer),
        redacted,
      }),
    );
  };
  observe(setup, null);
  for (const { seat, command, version } of played.commands) {
    if (stopWhen(state)) break;
    // What the viewer would be told if it sent someone else's move now.
    if (seat !== viewer) {
      const refused = engine.decide(state, viewer, command, rngFor(played.seed, version));
      out.push(JSON.stringify(isViolation(refused) ? refused : { accepted: refused.length }));
    }
    const events = engine.decide(state, seat, command, rngFor(played.seed, version));
    if (isViolation(events)) throw new Error(`replay diverged: ${events.message}`);
    const before = state;
    for (const e of events) state = engine.evolve(state, e);
    if (stopWhen(state)) break; // this step revealed a swapped role: from here on, games may differ
    observe(events, before);
  }
  return out;
}

describe('hidden information (Bang! The Dice Game)', () => {
  it(`no seat can tell two games apart that differ only in other seats' hidden roles (${GAMES} games)`, () => {
    const choose = createRng('hidden-information');
    let compared = 0;
    for (let g = 0; g < GAMES; g++) {
      const seats = 4 + (g % 5); // 4-8 players: roles are hidden
      const played = playRandom(`hidden-${g}`, seats, choose);
      const setup = engine.setup(engine.parseOptions({}, seats) as never, seats, rngFor(played.seed, 0));
      const roles = setup.filter(
        (e): e is Extract<BangEvent, { type: 'ROLE_DEALT' }> => e.type === 'ROLE_DEALT',
      );
      const viewer = choose.int(0, seats - 1);
      const hidden = roles.filter((r) => !r.faceUp && r.seat !== viewer);
      const pairs = hidden.flatMap((a) =>
        hidden.filter((b) => b.seat > a.seat && b.role !== a.role).map((b) => [a, b] as const),
      );
      if (pairs.length === 0) continue;
      const [a, b] = choose.pick(pairs);
      const swapped = setup.map((e) =>
        e.type === 'ROLE_DEALT' && e.seat === a.seat
          ? { ...e, role: b.role }
          : e.type === 'ROLE_DEALT' && e.seat === b.seat
            ? { ...e, role: a.role }
            : e,
      );
      // Stop once either seat is out or the game is over (roles are then public): from there the
      // two games may legitimately differ.
      const revealed = (s: BangState) =>
        !s.players[a.seat].alive || !s.players[b.seat].alive || engine.result(s) !== null;
      const original = observations(played, setup, viewer, revealed);
      const altered = observations(played, swapped, viewer, revealed);
      expect(altered.length).toBe(original.length);
      for (let i = 0; i < original.length; i++) {
        if (altered[i] !== original[i]) {
          throw new Error(
            `game ${g}: seat ${viewer} could tell seats ${a.seat}/${b.seat} apart at step ${i}:\n${original[i]}\n${altered[i]}`,
          );
        }
      }
      compared++;
    }
    expect(compared).toBeGreaterThan(GAMES / 2);
  });

  it('the engine state never contains the seed', () => {
    const played = playRandom('SEED-MUST-NOT-LEAK', 5, createRng('x'));
    const setup = engine.setup(engine.parseOptions({}, 5) as never, 5, rngFor(played.seed, 0));
    const state = setup.reduce<BangState | null>((s, e) => engine.evolve(s, e), null);
    expect(JSON.stringify(state)).not.toContain('SEED-MUST-NOT-LEAK');
    expect(JSON.stringify(setup)).not.toContain('SEED-MUST-NOT-LEAK');
  });
});

describe('the PRNG seed never leaves the server', () => {
  let db: Database;
  let server: RunningServer;

  beforeAll(async () => {
    db = await createTestPglite();
    server = await startServer({ database: db });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('appears in no GraphQL or REST answer, and no API type has a seed field to read', async () => {
    const seed = `secret-${createHash('sha256').update('s').digest('hex')}`;
    const created = await server.gql<{
      createGame: { game: { id: string }; seatTokens: { token: string }[] };
    }>(
      `mutation($s: String) { createGame(input: { type: "bang-dice", seed: $s, start: true, seats: [{kind: HUMAN}, {kind: HUMAN}, {kind: BOT}, {kind: BOT}] }) { game { id } seatTokens { token } } }`,
      { s: seed },
    );
    const id = created.data!.createGame.game.id;
    const token = created.data!.createGame.seatTokens[0].token;
    const answers = [
      JSON.stringify(created),
      JSON.stringify(
        await server.gql(
          `query($id: ID!) { game(id: $id) { id type status version seats { seat name kind botLevel open botTakeover } activeSeats options createdAt view legalCommands events(first: 500) { version type payload seat actor at } stateAt(version: 1) result } }`,
          { id },
          token,
        ),
      ),
      await (await fetch(`${server.url}/api/games/${id}`)).text(),
      await (
        await fetch(`${server.url}/api/games/${id}/events?first=1000`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).text(),
      await (
        await fetch(`${server.url}/api/games/${id}/view`, { headers: { authorization: `Bearer ${token}` } })
      ).text(),
      await (await fetch(`${server.url}/api/games?first=50`)).text(),
    ];
    for (const answer of answers) expect(answer).not.toContain(seed);
    const schema = await server.gql<{
      __schema: {
        types: { name: string; fields: { name: string; type: { name: string | null } }[] | null }[];
      };
    }>(`{ __schema { types { name fields { name type { name } } } } }`);
    // The only fields about seeds: whether the creator chose one (a Boolean), and the secret that
    // is revealed once the game is over (checked below).
    const seedFields = schema.data!.__schema.types.flatMap((t) =>
      (t.fields ?? [])
        .filter((f) => /seed|secret/i.test(f.name))
        .map((f) => `${t.name}.${f.name}:${f.type.name}`),
    );
    expect(seedFields.sort()).toEqual(['Fairness.secret:String', 'Game.seeded:Boolean']);
  });

  it('a server-drawn secret is on no surface while the game runs (GraphQL, REST, graphql-ws, export), only once it is over', async () => {
    const created = await server.gql<{
      createGame: { game: { id: string }; seatTokens: { token: string }[] };
    }>(
      `mutation { createGame(input: { type: "bang-dice", start: true, seats: [{kind: HUMAN}, {kind: HUMAN}, {kind: HUMAN}] }) { game { id } seatTokens { token } } }`,
    );
    const id = created.data!.createGame.game.id;
    const tokens = created.data!.createGame.seatTokens.map((t) => t.token);
    const { seed: secret } = await db.client.game.findUniqueOrThrow({ where: { id } });
    const everything = `query($id: ID!) { game(id: $id) { id status seeded testOptions options fairness { commitment secret } fairnessProof view legalCommands events(first: 500) { version type payload seat actor at } stateAt(version: 1) result } games(first: 50) { edges { node { id seeded testOptions options fairness { commitment secret } } } } }`;
    const restAnswers = async (token?: string) => {
      const headers = token ? { authorization: `Bearer ${token}` } : undefined;
      return Promise.all(
        [
          '',
          '/events?first=1000',
          '/view',
          '/state-at/2',
          '/export?format=ndjson',
          '/export?format=log',
          '/fairness-proof',
        ].map(async (path) => (await fetch(`${server.url}/api/games/${id}${path}`, { headers })).text()),
      );
    };
    const updates = collect<unknown>(
      server.ws(tokens[1]),
      `subscription($id: ID!) { gameUpdated(gameId: $id) { version status view events { version type payload } } }`,
      { id },
    );
    // Play a few moves while watching every surface of every seat and of a spectator.
    const answers: string[] = [];
    // Moves go on (bounded) until the subscriber has been told of some: it registers asynchronously.
    for (let move = 0; move < 6 || (updates.items.length < 2 && move < 60); move++) {
      for (const token of move < 6 ? [...tokens, undefined] : []) {
        answers.push(
          JSON.stringify(await server.gql(everything, { id }, token)),
          ...(await restAnswers(token)),
        );
      }
      const legal = await server.gql<{ game: { activeSeats: number[] } }>(
        `query($id: ID!) { game(id: $id) { activeSeats } }`,
        { id },
      );
      if (legal.data!.game.activeSeats.length === 0) break;
      const seat = legal.data!.game.activeSeats[0];
      const commands = await server.gql<{ game: { legalCommands: unknown[] } }>(
        `query($id: ID!) { game(id: $id) { legalCommands } }`,
        { id },
        tokens[seat],
      );
      await server.gql(
        `mutation($id: ID!, $c: JSON!) { submitCommand(gameId: $id, command: $c) { version } }`,
        { id, c: commands.data!.game.legalCommands[0] },
        tokens[seat],
      );
    }
    await updates.until(1);
    answers.push(
      JSON.stringify(updates.items),
      await (await fetch(`${server.url}/api/games?first=100`)).text(),
    );
    for (const answer of answers) expect(answer).not.toContain(secret);
    const running = await server.gql<{
      game: { fairness: { commitment: string; secret: null }; fairnessProof: null };
    }>(`query($id: ID!) { game(id: $id) { fairness { commitment secret } fairnessProof } }`, { id });
    expect(running.data!.game).toEqual({
      fairness: { commitment: createHash('sha256').update(secret).digest('hex'), secret: null },
      fairnessProof: null,
    });
    // Once over (aborted here), the secret is revealed, and the proof carries it.
    await server.gql(`mutation($id: ID!) { abortGame(gameId: $id) { status } }`, { id }, tokens[0]);
    const over = await server.gql<{
      game: { fairness: { secret: string }; fairnessProof: { secret: string } };
    }>(`query($id: ID!) { game(id: $id) { fairness { secret } fairnessProof } }`, { id });
    expect(over.data!.game.fairness.secret).toBe(secret);
    expect(over.data!.game.fairnessProof.secret).toBe(secret);
  });

  it("test-only options publish nothing: two games that differ only in other seats' fixed roles look the same to a seat", async () => {
    const observe = async (roles: string[]) => {
      const created = await server.gql<{
        createGame: { game: { id: string; options: unknown }; seatTokens: { token: string }[] };
      }>(
        `mutation($o: JSON) { createGame(input: { type: "bang-dice", seed: "same-dice", options: $o, start: true, seats: [{kind: HUMAN}, {kind: HUMAN}, {kind: HUMAN}, {kind: HUMAN}, {kind: HUMAN}] }) { game { id options testOptions seeded } seatTokens { token } } }`,
        { o: { roles } },
      );
      const { id, ...game } = created.data!.createGame.game;
      const seen = await server.gql<{ game: unknown }>(
        `query($id: ID!) { game(id: $id) { options testOptions seeded view legalCommands events(first: 100) { version type payload seat actor } stateAt(version: 3) } }`,
        { id },
        created.data!.createGame.seatTokens[0].token,
      );
      const rest = (await (await fetch(`${server.url}/api/games/${id}`)).json()) as Record<string, unknown>;
      return {
        created: game,
        seen: seen.data!.game,
        rest: { options: rest.options, testOptions: rest.testOptions },
      };
    };
    // Seat 0 is the Sheriff either way; seats 2 and 3 swap their (hidden) roles.
    const a = await observe(['SHERIFF', 'DEPUTY', 'OUTLAW', 'RENEGADE', 'OUTLAW']);
    const b = await observe(['SHERIFF', 'DEPUTY', 'RENEGADE', 'OUTLAW', 'OUTLAW']);
    expect(a.created).toMatchObject({ seeded: true, testOptions: ['roles'] });
    expect(JSON.stringify(a.created.options)).not.toContain('RENEGADE');
    expect(b).toEqual(a);
  });
});
