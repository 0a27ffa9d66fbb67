import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests (packages), the web app's component and store tests (happy-dom),
// and API tests that build the real app against a real database (PGlite, or PostgreSQL when
// TEST_DATABASE=postgres: see apps/server/test/harness.ts). scripts/test.mjs runs them all.
export default defineConfig({
  test: {
    // One worker per core. Vitest's default keeps a core for its own process, which on a two-core
    // machine runs every file one after another; its own process is nearly idle while tests run.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          // Files share a worker's loaded modules (see the api project): these tests keep no module state.
          isolate: false,
          include: ['packages/**/*.test.ts', 'apps/server/src/**/*.unit.test.ts', 'apps/web/src/**/*.unit.test.ts'],
          environment: 'node',
          // Tests prove behaviour, not speed (budgets live in `npm run bench`): on a busy two-core
          // machine linting a file or rendering a screen can take longer than vitest's 5 s default.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          // Lint tests run in node, with the unit tests.
          exclude: ['apps/web/src/**/*.unit.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          // A file reuses the modules its worker already loaded instead of loading the whole server
          // again (that was 40% of the run); each test still builds its own app on its own database.
          isolate: false,
          include: ['apps/server/src/**/*.api.test.ts'],
          // One database migrated and seeded before the tests; each test app's database copies it.
          globalSetup: ['apps/server/test/database-template.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
