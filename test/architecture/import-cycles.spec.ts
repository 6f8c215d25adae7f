/**
 * No new runtime import cycle in src/: the runtime imports of every non-test source file (type-only
 * imports and re-exports are erased by the compiler and do not count) form a graph whose strongly
 * connected components must be exactly the known ones below. A new cycle fails; breaking a known
 * one fails too, until it is taken off the list (so the list only shrinks).
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { runtimeImports, sourceFiles } from './imports';

const ROOT = resolve(__dirname, '..', '..');
const SRC = join(ROOT, 'src');

/**
 * Runtime cycles allowed for now (none: Carson City's knot through flow.ts was broken by moving
 * what the modules share into table.ts and duel.ts).
 */
const KNOWN: string[][] = [];

/** Strongly connected components with more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const info = new Map<string, { index: number; low: number; onStack: boolean }>();
  const out: string[][] = [];
  const visit = (v: string) => {
    info.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v)!.low = Math.min(info.get(v)!.low, info.get(w)!.low);
      } else if (info.get(w)!.onStack) info.get(v)!.low = Math.min(info.get(v)!.low, info.get(w)!.index);
    }
    if (info.get(v)!.low === info.get(v)!.index) {
      const component: string[] = [];
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        info.get(w)!.onStack = false;
        component.push(w);
        if (w === v) break;
      }
      if (component.length > 1) out.push(component);
    }
  };
  for (const v of graph.keys()) if (!info.has(v)) visit(v);
  return out;
}

describe('import cycles', () => {
  const files = sourceFiles(SRC);
  const graph = new Map(files.map((f) => [f, runtimeImports(f, readFileSync(f, 'utf8'))]));
  const name = (f: string) => relative(ROOT, f);

  it('src/ has no runtime import cycle but the known ones', () => {
    const found = cycles(graph).map((c) => c.map(name).sort());
    expect(found.sort()).toEqual(KNOWN.map((c) => [...c].sort()).sort());
  });

  it('the check finds a cycle when there is one', () => {
    const a = join(SRC, 'a.ts');
    const b = join(SRC, 'b.ts');
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ).map((c) => c.map(name).sort()),
    ).toEqual([['src/a.ts', 'src/b.ts']]);
    expect(
      runtimeImports(a, "import type { X } from './engine';\nimport { type Y } from './engine';"),
    ).toEqual([]);
    expect(runtimeImports(join(SRC, 'games', 'x.ts'), "import { isViolation } from './engine';")).toEqual([
      join(SRC, 'games', 'engine.ts'),
    ]);
  });
});
