/**
 * The ONE engine contract suite (src/games/kit/contract.ts), over every game and every option set
 * (src/games/kit/option-sets.ts, with the module combinations the games' property specs played):
 * legalCommands = what decide accepts (and nothing for an
 * unprompted seat), timeouts accepted, decide/evolve pure and deterministic, views and redacted
 * events JSON, stored events replay to the live state, the end has a result and no prompt, and
 * no setup or decision appends a FLOW (control state instead of a fact, issue #12).
 * CONTRACT_GAMES (default 1) random games per option set; CONTRACT_EVERY (default 7): check the
 * position of every n-th command in full.
 */
import type { AnyGameEngine } from './engine';
import { ALL_GAMES } from './index';
import { checkContract } from './kit/contract';
import { combinedOptionSets, optionSets } from './kit/option-sets';

const GAMES = Number(process.env.CONTRACT_GAMES ?? 1);
const EVERY = Number(process.env.CONTRACT_EVERY ?? 7);

function engineFor(type: string): AnyGameEngine {
  const engine = ALL_GAMES.find((g) => g.engine.type === type)?.engine;
  if (!engine) throw new Error(`no engine for ${type}`);
  return engine;
}

const cases = [...optionSets(), ...combinedOptionSets()].flatMap((set) =>
  Array.from({ length: GAMES }, (_, k) => ({
    ...set,
    name: `${set.type} ${set.seats}p ${set.label} #${k}`,
    k,
  })),
);

describe('engine contract', () => {
  it('covers every registered game', () => {
    expect(new Set(cases.map((c) => c.type))).toEqual(new Set(ALL_GAMES.map((g) => g.engine.type)));
  });

  it.each(cases)('$name', ({ type, seats, options, label, k }) => {
    const engine = engineFor(type);
    const seed = `contract-${type}-${seats}-${label}-${k}`;
    expect(checkContract({ engine, seats, seed, options, every: EVERY })).toBeNull();
  });

  it('a broken engine is caught: the suite can fail', () => {
    const honest = engineFor('bang-dice');
    // legalCommands lists a command decide refuses.
    const lying: AnyGameEngine = {
      ...honest,
      legalCommands: (state, seat) => [...honest.legalCommands(state, seat), { type: 'NOT_A_COMMAND' }],
    };
    expect(checkContract({ engine: lying, seats: 4, seed: 'lying', options: {}, every: 1 })).toMatch(
      /refused|parse/,
    );
    // decide lets any seat answer the prompt.
    const anySeat: AnyGameEngine = {
      ...honest,
      decide: (state, _seat, command, rng) =>
        honest.decide(state, honest.pending(state)[0]?.seat ?? 0, command, rng),
    };
    expect(checkContract({ engine: anySeat, seats: 4, seed: 'any-seat', options: {}, every: 1 })).toMatch(
      /no prompt but decide accepts/,
    );
    // legalCommands lists a command in another form than parseCommand gives.
    const uncanonical: AnyGameEngine = {
      ...honest,
      legalCommands: (state, seat) =>
        honest.legalCommands(state, seat).map((c) => (c.type === 'ROLL_DICE' ? { ...c, note: 1 } : c)),
      parseCommand: (raw) => {
        const { note: _note, ...rest } = raw as Record<string, unknown>;
        return honest.parseCommand(rest);
      },
    };
    expect(checkContract({ engine: uncanonical, seats: 4, seed: 'form', options: {}, every: 1 })).toMatch(
      /parsed form/,
    );
    // evolve writes into its input.
    const impure: AnyGameEngine = {
      ...honest,
      evolve: (state, event) => {
        if (state && typeof state === 'object') {
          const s = state as { touched?: number };
          s.touched = (s.touched ?? 0) + 1;
        }
        return honest.evolve(state, event);
      },
    };
    expect(checkContract({ engine: impure, seats: 4, seed: 'impure', options: {}, every: 1 })).toMatch(
      /changed/,
    );
    // decide appends a FLOW (control state) after its facts, as Carson City did before agenda rules 4.
    const flowing: AnyGameEngine = {
      ...honest,
      decide: (state, seat, command, rng) => {
        const out = honest.decide(state, seat, command, rng);
        return Array.isArray(out) ? [...out, { type: 'FLOW' }] : out;
      },
      evolve: (state, event) => (event.type === 'FLOW' ? state : honest.evolve(state, event)),
    };
    expect(checkContract({ engine: flowing, seats: 4, seed: 'flowing', options: {}, every: 1 })).toMatch(
      /appends a FLOW event/,
    );
  });
});
