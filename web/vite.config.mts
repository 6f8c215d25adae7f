// Vite builds the reference web client from web/ into dist/web; the API process serves it at /
// (index.html) and /web/ (assets). See web/README.md.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: '/web/',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 300,
  },
  // `npx vite --config web/vite.config.ts` serves the client with hot reload; API calls go to the
  // server on :3000.
  server: {
    proxy: { '/graphql': { target: 'http://127.0.0.1:3000', ws: true } },
  },
});
