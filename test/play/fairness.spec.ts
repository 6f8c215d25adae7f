/**
 * Provably fair games (issue #10, items 1 and 2) through the play layer on PGlite: by default a
 * client seed or a test-only option is refused and nothing is created; every game's secret is
 * the server's, committed (SHA-256) from creation and revealed only when the game is over; the
 * revealed history of a finished game of every engine verifies with the engine (the pure function
 * and the `verify-game` CLI), and every kind of tampering is detected.
 */
import { createHash } from 'node:crypto';
import { verifyGameText } from '../../src/cli/verify-game';
import type { Database } from '../../src/database/database';
import { EventStore } from '../../src/event-store/event-store';
import type { Json } from '../../src/games/engine';
import { ALL_GAMES } from '../../src/games/index';
import { createRng } from '../../src/games/random';
import { GameRegistry } from '../../src/games/registry';
import { GameError } from '../../src/play/errors';
import { type FairnessProof, verifyFairnessProof } from '../../src/play/fairness';
import type { SeatInput } from '../../src/play/game-records';
import { PlayService } from '../../src/play/play.service';
import { createTestPglite } from '../support/database';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const humans = (n: number): SeatInput[] => Array.from({ length: n }, () => ({ kind: 'HUMAN' }));
const engineOf = (type: string) => ALL_GAMES.find((g) => g.engine.type === type)!.engine;

describe('provably fair games', () => {
  let db: Database;
  let strict: PlayService;
  let testing: PlayService;

  beforeAll(async () => {
    db = await createTestPglite();
    const store = new EventStore(db.client);
    const registry = new GameRegistry(ALL_GAMES);
    strict = new PlayService(db.client, store, registry);
    testing = new PlayService(db.client, store, registry, { allowTestControls: true });
  });
  afterAll(async () => db.close());

  /** Random legal moves until the game is over (bounded). */
  async function playToEnd(play: PlayService, gameId: string, pick: string): Promise<void> {
    const rng = createRng(pick);
    for (let i = 0; i < 5000; i++) {
      const { record, engine, state } = await play.load(gameId);
      if (record.status !== 'ACTIVE') return;
      const seat = engine.pending(state)[0].seat;
      await play.submitCommand({ gameId, seat, actor: 'HUMAN' }, rng.pick(engine.legalCommands(state, seat)));
    }
    throw new Error(`game ${gameId} did not end in 5000 commands`);
  }

  async function refusal(attempt: Promise<unknown>): Promise<GameError> {
    const error = await attempt.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GameError);
    return error as GameError;
  }

  it('refuses a client seed and every test-only option by default, and creates nothing', async () => {
    const before = await db.client.game.count();
    const seed = await refusal(strict.createGame({ type: 'bang-dice', seats: humans(4), seed: 'mine' }));
    expect(seed).toMatchObject({
      code: 'FORBIDDEN',
      details: { field: 'seed', ruleCode: 'TEST_CONTROLS_DISABLED' },
    });
    const roles = ['SHERIFF', 'RENEGADE', 'OUTLAW', 'OUTLAW'];
    for (const options of [
      { roles },
      { characters: ['BLACK_JACK', 'CALAMITY_JANET', 'JOURDONNAIS', 'KIT_CARLSON'] },
    ]) {
      const refused = await refusal(strict.createGame({ type: 'bang-dice', seats: humans(4), options }));
      expect(refused).toMatchObject({ code: 'FORBIDDEN', details: { ruleCode: 'TEST_CONTROLS_DISABLED' } });
      expect(refused.details.field).toBe(`options.${Object.keys(options)[0]}`);
    }
    expect(await db.client.game.count()).toBe(before);
    // Null means "deal at random": not a test control.
    const plain = await strict.createGame({ type: 'bang-dice', seats: humans(4), options: { roles: null } });
    expect(plain.game.fairness).toMatchObject({ seeded: false, testOptions: [] });
  });

  it('draws a secret per game, publishes its SHA-256 from creation and reveals it only once the game is over', async () => {
    const a = (await strict.createGame({ type: 'bang-dice', seats: humans(3) })).game;
    const b = (await strict.createGame({ type: 'bang-dice', seats: humans(3) })).game;
    const rowA = await db.client.game.findUniqueOrThrow({ where: { id: a.id } });
    const rowB = await db.client.game.findUniqueOrThrow({ where: { id: b.id } });
    expect(rowA.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(rowA.seed).not.toBe(rowB.seed);
    expect(a.fairness).toEqual({
      seeded: false,
      testOptions: [],
      commitment: sha256(rowA.seed),
      secret: null,
    });
    const started = await strict.startGame(a.id);
    expect(started.fairness.secret).toBeNull();
    expect(await strict.fairnessProof(a.id)).toBeNull();
    await playToEnd(strict, a.id, 'reveal');
    const over = await strict.getGame(a.id);
    expect(over.status).toBe('FINISHED');
    expect(over.fairness).toMatchObject({ commitment: sha256(rowA.seed), secret: rowA.seed });
    // An aborted game reveals its secret too (nothing more will be drawn from it).
    expect((await strict.abortGame(b.id)).fairness.secret).toBe(rowB.seed);
  });

  const tables: [string, number, Json][] = [
    ['bang-dice', 5, {}],
    ['carson-city', 3, {}],
    ['great-western-trail', 2, {}],
  ];

  it.each(tables)(
    'a finished %s game verifies from its commitment, and tampering is detected',
    async (type, n, options) => {
      const { game } = await strict.createGame({ type, seats: humans(n), options, start: true });
      await playToEnd(strict, game.id, `verify-${type}`);
      const proof = (await strict.fairnessProof(game.id))!;
      const engine = engineOf(type);
      const final = await strict.getGame(game.id);
      expect(proof).toMatchObject({
        type,
        seatCount: n,
        seeded: false,
        commitment: final.fairness.commitment,
      });
      expect(proof.batches.reduce((k, batch) => k + batch.events.length, 0)).toBe(final.version);
      expect(verifyFairnessProof(engine, proof)).toEqual({
        ok: true,
        batches: proof.batches.length,
        events: final.version,
      });
      const cli = verifyGameText(JSON.stringify(proof));
      expect(cli.ok).toBe(true);
      expect(cli.report).toMatch(/^VERIFIED: /);
      // The whole GraphQL answer is accepted too.
      expect(verifyGameText(JSON.stringify({ data: { game: { fairnessProof: proof } } })).ok).toBe(true);

      const tampered = (change: (p: FairnessProof) => void) => {
        const copy = structuredClone(proof);
        change(copy);
        return verifyFairnessProof(engine, copy);
      };
      const middle = Math.floor(proof.batches.length / 2);
      // Another secret (as if the server had switched it): the commitment no longer matches.
      expect(tampered((p) => (p.secret = `${p.secret}0`))).toMatchObject({
        ok: false,
        problem: expect.stringMatching(/commitment/),
      });
      // A recorded outcome changed: the setup's deal, and an event in the middle of the game.
      expect(tampered((p) => bumpFirstNumber(p.batches[0].events))).toMatchObject({
        ok: false,
        atVersion: 0,
      });
      const at = proof.batches[middle].fromVersion;
      expect(tampered((p) => bumpFirstNumber(p.batches[middle].events))).toMatchObject({
        ok: false,
        atVersion: at,
      });
      if (type === 'bang-dice') {
        // One die of one roll shown differently from what the secret rolled.
        const roll = proof.batches.findIndex((x) =>
          x.events.some((e) => (e as { type: string }).type === 'DICE_ROLLED'),
        );
        const changed = tampered((p) => {
          const event = p.batches[roll].events.find(
            (e) => (e as { type: string }).type === 'DICE_ROLLED',
          ) as { dice: string[] };
          event.dice[0] = event.dice[0] === 'BEER' ? 'GATLING' : 'BEER';
        });
        expect(changed).toMatchObject({ ok: false, atVersion: proof.batches[roll].fromVersion });
      }
      // A batch left out, or a command swapped for another one.
      expect(tampered((p) => p.batches.splice(middle, 1))).toMatchObject({
        ok: false,
        atVersion: proof.batches[middle + 1].fromVersion,
      });
      const other = proof.batches.findIndex(
        (x, i) => i > middle && JSON.stringify(x.command) !== JSON.stringify(proof.batches[middle].command),
      );
      if (other > 0)
        expect(tampered((p) => (p.batches[middle].command = proof.batches[other].command)).ok).toBe(false);
      const report = verifyGameText(JSON.stringify({ ...proof, secret: 'guess' }));
      expect(report).toMatchObject({ ok: false });
      expect(report.report).toMatch(/^NOT VERIFIED: /);
    },
  );

  it('a seeded Bang! game: marked seeded, its test options kept out of the options, and it still verifies', async () => {
    const roles = ['OUTLAW', 'SHERIFF', 'RENEGADE', 'DEPUTY', 'OUTLAW'];
    const { game } = await testing.createGame({
      type: 'bang-dice',
      seats: humans(5),
      seed: 'seeded-bang',
      options: { roles },
      start: true,
    });
    expect(game.fairness).toMatchObject({
      seeded: true,
      testOptions: ['roles'],
      commitment: sha256('seeded-bang'),
    });
    expect(JSON.stringify(game.options)).not.toMatch(/roles|SHERIFF|OUTLAW/);
    const { engine, state } = await testing.load(game.id);
    roles.forEach((role, seat) => expect(engine.view(state, seat).players[seat].role).toBe(role));
    await playToEnd(testing, game.id, 'seeded');
    const proof = (await testing.fairnessProof(game.id))!;
    expect(proof).toMatchObject({ seeded: true, secret: 'seeded-bang', options: { roles } });
    expect(verifyFairnessProof(engine, proof).ok).toBe(true);
    expect(verifyGameText(JSON.stringify(proof)).report).toMatch(/chose the seed/);
  });

  it('an older game without a commitment is unverifiable: no secret and no proof, even when over', async () => {
    const { game } = await testing.createGame({
      type: 'bang-dice',
      seats: humans(3),
      seed: 'legacy',
      start: true,
    });
    await playToEnd(testing, game.id, 'legacy');
    await db.client.game.update({ where: { id: game.id }, data: { seedCommitment: null, seeded: null } });
    const old = await testing.getGame(game.id);
    expect(old.fairness).toEqual({ seeded: null, testOptions: [], commitment: null, secret: null });
    expect(await testing.fairnessProof(game.id)).toBeNull();
  });
});

/** Add 1 to the first number found in `value` (an outcome, a seat, a count: any change is tampering). */
function bumpFirstNumber(value: unknown): boolean {
  if (Array.isArray(value))
    return value.some((v, i) => (typeof v === 'number' ? ((value[i] = v + 1), true) : bumpFirstNumber(v)));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return Object.keys(record).some((k) => {
      const v = record[k];
      if (typeof v === 'number') {
        record[k] = v + 1;
        return true;
      }
      return bumpFirstNumber(v);
    });
  }
  return false;
}
