import { defineConfig } from 'vitest/config';

// Unit tests, and API tests that build the real app against a real database (PGlite, or PostgreSQL
// when TEST_DATABASE=postgres: see apps/server/test/harness.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
