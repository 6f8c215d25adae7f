/** The command table's dispatch (protocol.ts) on names that are not command types. */
import { isViolation, type RuleViolation } from '../engine';
import { createRng } from '../random';
import { carsonCityEngine as engine } from './index';
import type { CarsonCommand } from './commands';
import { startGame } from './testing/harness';

const PROTOTYPE_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

describe('command dispatch on Object.prototype names', () => {
  test('parseCommand refuses them as unknown command types', () => {
    for (const type of PROTOTYPE_NAMES) {
      const r = engine.parseCommand(JSON.parse(`{"type": ${JSON.stringify(type)}}`)) as RuleViolation;
      expect([r.code, r.message]).toEqual(['INVALID_COMMAND', `unknown command type ${type}`]);
    }
  });

  test('decide, sent one without parseCommand, answers WRONG_PROMPT and changes nothing', () => {
    const { state } = startGame({}, 3, 'protocol-names');
    const seat = engine.pending(state)[0].seat;
    const before = JSON.stringify(state);
    for (const type of PROTOTYPE_NAMES) {
      const r = engine.decide(state, seat, { type } as unknown as CarsonCommand, createRng('x'));
      expect(isViolation(r) && r.code).toBe('WRONG_PROMPT');
    }
    expect(JSON.stringify(state)).toBe(before);
  });
});
