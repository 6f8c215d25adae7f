/**
 * Carson City as core plus modules (#12 item 4): the core never imports a module file
 * (`modules/<name>/`) at runtime. It reaches a module through its port (`ports.ts`: one typed
 * table, filled from `modules/registry.ts` by the engine's entry, `index.ts`); type-only imports
 * are free. A module may import the core (rules, table, state), so a core import of a module
 * would also be the start of a cycle.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { runtimeImports, sourceFiles } from './imports';

const ROOT = resolve(__dirname, '..', '..');
const CC = join(ROOT, 'src', 'games', 'carson-city');

/**
 * Module files: one folder per module under `modules/` (anb, river, might, kit, outlaws, horses, solo
 * with Standish), with its port and the registry.
 */
const isModule = (rel: string) => rel.startsWith('modules/');

/**
 * Files that are not the core: the modules, the engine's entry and its command table (the core's
 * and the modules' handlers in one list, like the module registry), the bots, test helpers.
 */
const NOT_CORE = (rel: string) =>
  isModule(rel) ||
  rel === 'index.ts' ||
  rel === 'command-table.ts' ||
  rel.startsWith('bots/') ||
  rel.startsWith('testing/');

function coreToModuleImports(): string[] {
  const out: string[] = [];
  for (const file of sourceFiles(CC)) {
    const rel = relative(CC, file);
    if (NOT_CORE(rel)) continue;
    for (const target of runtimeImports(file, readFileSync(file, 'utf8'))) {
      const to = relative(CC, target);
      if (isModule(to)) out.push(`${rel} -> ${to}`);
    }
  }
  return [...new Set(out)].sort();
}

describe('Carson City core and modules', () => {
  it('the core imports no module at runtime (it reaches them through their ports)', () => {
    expect(coreToModuleImports()).toEqual([]);
  });

  it('the engine installs every module port; without it the core fails at once', () => {
    jest.isolateModules(() => {
      const { PORTS } = require('../../src/games/carson-city/ports');
      expect(() => PORTS.horses.firepower).toThrow(/Horses module's port is not installed/);
      expect(() => PORTS.river.isBridge).toThrow(/Carson River module's port is not installed/);
    });
    jest.isolateModules(() => {
      require('../../src/games/carson-city/index');
      const { PORTS } = require('../../src/games/carson-city/ports');
      const { CARSON_MODULES } = require('../../src/games/carson-city/modules/registry');
      for (const part of Object.keys(CARSON_MODULES)) expect(PORTS[part]).toBe(CARSON_MODULES[part]);
      expect(Object.keys(PORTS).sort()).toEqual(Object.keys(CARSON_MODULES).sort());
    });
  });

  it('the engine installs one command handler per command type, each type once; without it nothing parses', () => {
    jest.isolateModules(() => {
      const { parseCommand } = require('../../src/games/carson-city/commands');
      const { HANDLERS } = require('../../src/games/carson-city/protocol');
      expect(Object.keys(HANDLERS)).toEqual([]);
      expect(parseCommand({ type: 'PASS' })).toMatchObject({ code: 'INVALID_COMMAND' });
      // A state with an open prompt: validate and legalCommands say the table is missing.
      const { validate } = require('../../src/games/carson-city/validate');
      const { legalCommands } = require('../../src/games/carson-city/legal');
      const s = {
        flow: { phase: 'PLACEMENT', tasks: [], prompt: { seat: 0, kind: 'PLACE_COWBOY', index: 0 } },
      };
      expect(() => validate(s, 0, { type: 'PASS' })).toThrow(/command table is not installed/);
      expect(() => legalCommands(s, 0)).toThrow(/command table is not installed/);
    });
    jest.isolateModules(() => {
      require('../../src/games/carson-city/index');
      const { CARSON_COMMAND_TYPES } = require('../../src/games/carson-city/commands');
      const { CARSON_COMMAND_TABLE } = require('../../src/games/carson-city/command-table');
      const { HANDLERS } = require('../../src/games/carson-city/protocol');
      const types = CARSON_COMMAND_TABLE.flatMap((h: { types: string[] }) => h.types);
      expect([...types].sort()).toEqual([...CARSON_COMMAND_TYPES].sort());
      expect(new Set(types).size).toBe(types.length);
      expect(Object.keys(HANDLERS).sort()).toEqual([...CARSON_COMMAND_TYPES].sort());
      for (const h of CARSON_COMMAND_TABLE) for (const t of h.types) expect(HANDLERS[t]).toBe(h);
    });
  });

  it('the model (state.ts) is types only: no runtime import, no runtime export', () => {
    const file = join(CC, 'state.ts');
    expect(runtimeImports(file, readFileSync(file, 'utf8'))).toEqual([]);
    expect(Object.keys(require('../../src/games/carson-city/state'))).toEqual([]);
  });
});
