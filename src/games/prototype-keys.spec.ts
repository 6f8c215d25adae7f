/**
 * Client strings used as keys: a command type, option or field named after an Object.prototype
 * member (`__proto__`, `constructor`, `toString`, ...) is an ordinary unknown name. Every engine
 * answers it with a rule violation (INVALID_COMMAND / INVALID_OPTIONS), never by throwing.
 */
import { ALL_GAMES } from './index';
import { isViolation } from './engine';

const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  '__defineGetter__',
];

describe.each(ALL_GAMES.map((g) => [g.engine.type, g.engine] as const))('%s', (_type, engine) => {
  it.each(PROTOTYPE_NAMES)('parseCommand refuses command type %s', (name) => {
    const parsed = engine.parseCommand({ type: name });
    expect(isViolation(parsed)).toBe(true);
  });

  it.each(PROTOTYPE_NAMES)('parseCommand refuses a command with field %s', (name) => {
    const command = JSON.parse(`{"type": "PASS", "${name}": {"type": "PASS"}}`) as unknown;
    expect(() => engine.parseCommand(command)).not.toThrow();
  });

  // JSON whose `type` is not a string, some with their own toString/valueOf (String() throws on them).
  it.each([
    '{"type": {"toString": 1}}',
    '{"type": {"valueOf": 1, "toString": 2}}',
    '{"type": [1]}',
    '{"type": 7}',
    '{"type": null}',
    '{}',
  ])('parseCommand refuses %s as INVALID_COMMAND without throwing', (json) => {
    const parsed = engine.parseCommand(JSON.parse(json) as unknown);
    expect(isViolation(parsed) && parsed.code).toBe('INVALID_COMMAND');
  });

  it.each(PROTOTYPE_NAMES)('parseOptions does not throw on option %s', (name) => {
    const options = JSON.parse(`{"${name}": "x"}`) as unknown;
    expect(() => engine.parseOptions(options, engine.seats.min)).not.toThrow();
  });
});
