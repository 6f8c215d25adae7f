/**
 * The container image and the compose deployment (issue #11.7). No Docker engine runs in CI, so:
 *   - the Dockerfile's and compose file's facts are parsed and checked;
 *   - the image's non-root start is reproduced: the server runs as the image's unprivileged user
 *     (uid/gid 1000, `node` in the official Node images) in a root-owned application directory,
 *     with DATA_DIR and its ownership taken from the Dockerfile. Without that DATA_DIR (the old
 *     image) the same start fails with EACCES, which the test shows too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { scaled } from '../support/time-scale.cjs';

const ROOT = join(__dirname, '../..');
const dockerfile = readFileSync(join(ROOT, 'docker/Dockerfile'), 'utf8');
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

interface Service {
  image?: string;
  build?: unknown;
  pull_policy?: string;
  restart?: string;
  ports?: string[];
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}
const compose = parse(readFileSync(join(ROOT, 'docker/compose.yaml'), 'utf8')) as {
  services: Record<string, Service>;
};
const SALOON = ['api', 'api-2', 'worker'];

/** `ENV A=1 B=2` lines of the final stage. */
function finalEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [, line] of finalStage.matchAll(/^ENV\s+(.+)$/gm)) {
    for (const [, key, value] of line.matchAll(/(\w+)=(\S+)/g)) env[key] = value;
  }
  return env;
}

describe('docker/Dockerfile', () => {
  it('builds and runs on Node 24', () => {
    const bases = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
    expect(bases).toHaveLength(2);
    for (const base of bases) expect(base).toMatch(/^node:24-/);
  });

  it('runs as node, with DATA_DIR a volume that user owns, created before USER', () => {
    const dataDir = finalEnv().DATA_DIR;
    expect(dataDir).toMatch(/^\//);
    expect(finalStage).toMatch(new RegExp(`^VOLUME\\s+\\[?"?${dataDir}"?\\]?`, 'm'));
    const chown = finalStage.search(new RegExp(`^RUN .*chown node:node ${dataDir}\\b`, 'm'));
    const user = finalStage.search(/^USER node$/m);
    expect(chown).toBeGreaterThan(0);
    expect(user).toBeGreaterThan(chown);
  });

  it('has a healthcheck on /health/ready', () => {
    expect(finalStage).toMatch(/^HEALTHCHECK [\s\S]*\/health\/ready/m);
  });

  it('.dockerignore keeps secrets and local state out of the build context', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['.env', 'node_modules', '.data', 'dist', '.git']) expect(ignored).toContain(entry);
  });
});

describe('docker/compose.yaml', () => {
  it('builds the saloon image once and runs it three times', () => {
    const built = Object.entries(compose.services).filter(([, s]) => s.build);
    expect(built.map(([name]) => name)).toEqual(['api']);
    for (const name of SALOON) expect(compose.services[name].image).toBe(compose.services.api.image);
    for (const name of ['api-2', 'worker']) expect(compose.services[name].pull_policy).toBe('never');
  });

  it('gives every service a restart policy and every server a healthcheck', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      expect([name, service.restart]).toEqual([name, 'unless-stopped']);
      if (name === 'worker') continue; // serves no HTTP
      if (SALOON.includes(name))
        expect([name, service.healthcheck]).toEqual([name, undefined]); // the image's
      else expect([name, service.healthcheck?.test?.length]).toEqual([name, expect.any(Number)]);
    }
    expect(compose.services['api-2'].depends_on?.api.condition).toBe('service_healthy');
  });

  it('puts an nginx load balancer (with websocket upgrade) in front of both API processes', () => {
    const lb = compose.services.lb;
    expect(lb.image).toMatch(/^nginx:/);
    expect(lb.ports).toEqual(['3000:80']);
    expect(Object.keys(lb.depends_on ?? {}).sort()).toEqual(['api', 'api-2']);
    for (const name of SALOON) expect(compose.services[name].ports).toBeUndefined();
    const mount = lb.volumes?.find((v) => v.endsWith(':/etc/nginx/conf.d/default.conf:ro'));
    const conf = readFileSync(join(ROOT, 'docker', mount!.split(':')[0]), 'utf8');
    expect(conf).toMatch(/server api:3000;/);
    expect(conf).toMatch(/server api-2:3000;/);
    expect(conf).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(conf).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    expect(compose.services.api.environment?.TRUST_PROXY).toBe('1'); // nginx appends to X-Forwarded-For
  });

  it('passes the operator and analytics tokens through from the environment', () => {
    for (const name of SALOON) {
      expect(compose.services[name].environment).toMatchObject({
        OPERATOR_TOKEN: '${OPERATOR_TOKEN:-}',
        ANALYTICS_TOKEN: '${ANALYTICS_TOKEN:-}',
      });
    }
  });
});

const UID = 1000; // `node` in the official Node images
const asRoot = process.getuid?.() === 0;

function startAsNodeUser(cwd: string, env: Record<string, string>): ChildProcess {
  const node = [
    process.execPath,
    '-r',
    join(ROOT, 'test/support/register-ts.cjs'),
    join(ROOT, 'src/main.ts'),
  ];
  const drop = asRoot ? ['setpriv', `--reuid=${UID}`, `--regid=${UID}`, '--clear-groups', '--'] : [];
  const [command, ...args] = [...drop, ...node];
  return spawn(command, args, {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves with the URL once listening, or with the output if the process exits first. */
function outcome(child: ChildProcess): Promise<{ url?: string; output: string; code?: number | null }> {
  let output = '';
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /saloon listening: GraphQL (http:\/\/\S+)\/graphql/.exec(output);
      if (match) resolve({ url: match[1], output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => resolve({ output, code }));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await done;
}

describe('the image starts as its unprivileged user (reproduced without Docker)', () => {
  let fakeRoot: string;
  beforeAll(() => {
    fakeRoot = mkdtempSync(join(tmpdir(), 'saloon-image-'));
    chmodSync(fakeRoot, 0o755); // like /: root-owned, readable by all
    mkdirSync(join(fakeRoot, 'app'), { mode: 0o755 }); // WORKDIR /app, root-owned
  });
  afterAll(() => rmSync(fakeRoot, { recursive: true, force: true }));

  it(
    'serves and is ready with the Dockerfile DATA_DIR; EACCES without it',
    async () => {
      const dataDir = join(fakeRoot, finalEnv().DATA_DIR);
      mkdirSync(dataDir, { recursive: true, mode: 0o755 });
      if (asRoot) chownSync(dataDir, UID, UID); // RUN mkdir -p /data && chown node:node /data

      const server = startAsNodeUser(join(fakeRoot, 'app'), { DATA_DIR: dataDir, HOME: dataDir });
      try {
        const started = await outcome(server);
        expect(started).toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
        const ready = await fetch(`${started.url}/health/ready`);
        expect(ready.status).toBe(200);
      } finally {
        await stop(server);
      }

      if (!asRoot) return; // as an unprivileged user every directory of ours is writable
      const old = startAsNodeUser(join(fakeRoot, 'app'), { HOME: dataDir }); // no DATA_DIR: ./.data
      const failed = await outcome(old);
      expect(failed.url).toBeUndefined();
      expect(failed.code).not.toBe(0);
      expect(failed.output).toContain('EACCES');
    },
    scaled(600_000),
  );
});
