/** The runtime import graph of src/ (shared by the architecture checks). */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Relative runtime imports of a file: `import x from`, `import {a, type B} from`, `export {x} from`, `import 'x'`. */
export function runtimeImports(file: string, text: string): string[] {
  const found: string[] = [];
  const pattern =
    /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.[^'"]+)['"]|^\s*import\s+['"](\.[^'"]+)['"]/gms;
  for (const m of text.matchAll(pattern)) {
    const spec = m[4] ?? m[5];
    if (m[2]) continue; // import type / export type
    const clause = (m[3] ?? '').trim();
    // `import { type A, type B } from` is type-only too.
    const braces = /^\{([^}]*)\}$/.exec(clause);
    if (braces && braces[1].split(',').every((part) => part.trim() === '' || part.trim().startsWith('type ')))
      continue;
    const base = resolve(dirname(file), spec);
    const target = [`${base}.ts`, join(base, 'index.ts'), base].find(
      (p) => existsSync(p) && statSync(p).isFile(),
    );
    if (target) found.push(target);
  }
  return found;
}
