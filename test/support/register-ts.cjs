/**
 * Lets a child process `require` the TypeScript sources directly, compiled on the fly with SWC
 * (the same settings Jest uses), so tests can start real processes without `npm run build`:
 *   node -r ./test/support/register-ts.cjs src/main.ts
 * Compiled files are cached by content hash in the temp directory, so later starts are quick.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const cacheDir = path.join(os.tmpdir(), 'saloon-register-ts-cache');
try {
  fs.mkdirSync(cacheDir, { recursive: true });
} catch {
  // read-only temp directory: every compile is uncached
}

require.extensions['.ts'] = function compileTs(module, filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const key = crypto.createHash('sha256').update(filename).update(source).digest('hex');
  const cached = path.join(cacheDir, `${key}.js`);
  let code;
  try {
    code = fs.readFileSync(cached, 'utf8');
  } catch {
    code = transformSync(source, {
      filename,
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    }).code;
    try {
      fs.writeFileSync(`${cached}.${process.pid}`, code);
      fs.renameSync(`${cached}.${process.pid}`, cached);
    } catch {
      // a cache this process may not write (another user's): compile without caching
    }
  }
  module._compile(code, filename);
};
