import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Three layers: pure logic (no stack), contract and database tests against a running local stack,
// and the serial tests that must run alone after the others (they read the whole catalogue or kill Postgres).
export default defineConfig({
  // The app's `@/` alias, so unit tests import app code the way the app does.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          sequence: { groupOrder: 0 },
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          sequence: { groupOrder: 1 },
          include: ['tests/contract/**/*.test.ts', 'tests/db/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: more workers only fight over them.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'serial',
          sequence: { groupOrder: 2 },
          include: ['tests/serial/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
