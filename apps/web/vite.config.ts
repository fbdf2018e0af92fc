import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const protocolSrc = fileURLToPath(new URL('../../packages/protocol/src/', import.meta.url));
const COMPRESSIBLE = /\.(js|css|html|svg)$/;

/** Every file below `dir`, recursively. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? listFiles(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/**
 * The server serves `.br`/`.gz` siblings as they are (no compression on the request path), so the build writes
 * them once, at the highest levels, beside every text asset.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'beseda-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await listFiles(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          await writeFile(`${file}.gz`, gzipSync(source, { level: 9 }));
          await writeFile(
            `${file}.br`,
            brotliCompressSync(source, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
          );
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // The protocol is consumed from source: no build step between editing a schema and seeing it in the app.
    alias: [{ find: /^@beseda\/protocol\/(.*)$/, replacement: `${protocolSrc}$1.ts` }],
  },
  css: {
    // Lightning CSS resolves `composes: x from './other.module.css'` as a reference to that module's class. Vite's
    // PostCSS path (postcss-modules) instead pasted the other file's CSS in again, source-less, which duplicated it
    // and made every build warn that "a PostCSS plugin did not pass the `from` option".
    transformer: 'lightningcss',
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // The manifest lets the bench (and anyone curious) sum each route's first-load JavaScript.
    manifest: true,
    // livekit-client is one ~535 kB chunk (~140 kB gzipped), loaded only when a call starts (features/calls/
    // use-call.ts): it weighs on no page load, so the default 500 kB warning would only be noise.
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      '/connection': { target: 'http://127.0.0.1:3000', ws: true },
      '/media': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
