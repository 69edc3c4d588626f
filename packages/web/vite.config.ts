import { defineConfig } from 'vite';

// The web client. Built by `npm install` (root `prepare`) into dist/, served by the game server.
// `npm run dev -w @tabula/web` serves it with hot reload against a server on :8080.
export default defineConfig({
  root: __dirname,
  base: '/',
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for developers but not linked from the scripts; the server does not serve them
    // unless asked (TABULA_SOURCEMAPS=1).
    sourcemap: 'hidden',
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
