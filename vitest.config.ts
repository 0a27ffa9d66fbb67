import { defineConfig } from 'vitest/config';

// Unit tests for now; the API tier (real app against a real database) joins as a second project.
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
    ],
  },
});
