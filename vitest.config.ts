import { configDefaults, defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const src = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Tests run against the TypeScript sources, so `npm test` never depends on a stale build.
export default defineConfig({
  resolve: {
    alias: {
      '@tabula/engine': src('./packages/engine/src/index.ts'),
      '@tabula/bots': src('./packages/bots/src/index.ts'),
      '@tabula/age-of-heroes': src('./packages/games/age-of-heroes/src/index.ts'),
      '@tabula/struggle-for-rome': src('./packages/games/struggle-for-rome/src/index.ts'),
      '@tabula/nations': src('./packages/games/nations/src/index.ts'),
      '@tabula/runewars': src('./packages/games/runewars/src/index.ts'),
      '@tabula/catalog': src('./packages/catalog/src/index.ts'),
      '@tabula/store': src('./packages/store/src/index.ts'),
      '@tabula/protocol': src('./packages/protocol/src/index.ts'),
    },
  },
  test: {
    include: ['packages/**/*.test.ts'],
    // Tests that need outside services (PostgreSQL…) run with `npm run test:integration`.
    exclude: [...configDefaults.exclude, '**/*.integration.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Browser tests poll the page; on a loaded CI machine a page takes seconds, not the default second.
    expect: { poll: { timeout: 10_000 } },
    pool: 'threads',
  },
});
