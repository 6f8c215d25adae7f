/**
 * Summarises a V8 .cpuprofile (node --cpu-prof) by where the time went: self time per package or
 * source folder, idle excluded from the percentages. Usage:
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof dist/bench/index.js --only command --concurrency 8
 *   node dist/bench/profile-top.js /tmp/prof/<file>.cpuprofile [top=25] [skip=0]
 * `skip`: seconds at the start of the profile left out (a server's start-up: module loading).
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

function area(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : `(native) ${fn}`;
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  const own = /\/dist\/((?:src|bench|test)\/[^/]+)/.exec(url);
  if (own) return own[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  return url;
}

function main(): void {
  const [file, topArg, skipArg] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-top <file.cpuprofile> [top]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const skipUs = Number(skipArg ?? 0) * 1e6;
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= skipUs) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const areas = new Map<string, number>();
  /** Time with the area anywhere on the stack (each sample counted once per area). */
  const inclusive = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    busy += us;
    const a = area(url, functionName);
    areas.set(a, (areas.get(a) ?? 0) + us);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.url) onStack.add(area(frame.url, frame.functionName));
    }
    for (const s of onStack) inclusive.set(s, (inclusive.get(s) ?? 0) + us);
    const key = `${functionName || '(anonymous)'} ${a}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
  const top = Number(topArg ?? 25);
  const print = (title: string, map: Map<string, number>) => {
    console.log(`\n${title} (busy ${(busy / 1e6).toFixed(1)} s = 100%)`);
    for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(
        `${((100 * us) / busy).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`,
      );
  };
  print('self time by package / folder', areas);
  print('time with the package / folder on the stack', inclusive);
  print('self time by function', functions);
}

main();
