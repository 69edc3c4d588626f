import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// Tests against outside services (PostgreSQL at DATABASE_URL…): `npm run test:integration`.
// Same aliases and timeouts as the unit tests; only the selected files differ.
export default defineConfig({
  resolve: base.resolve,
  test: {
    ...base.test,
    include: ['packages/**/*.integration.test.ts'],
    exclude: [...configDefaults.exclude],
  },
});
