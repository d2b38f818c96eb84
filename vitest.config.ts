import { defineConfig } from 'vitest/config';

// One runner for every tier. Service-backed tiers run when their URL is set:
// TEST_DATABASE_URL adds the server suite on PostgreSQL; e2e drives /usr/bin/chromium.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'rules',
          include: ['packages/rules/**/*.test.ts', 'packages/contract/**/*.test.ts'],
          environment: 'node',
          // Exhaustive RTP proofs settle every line against every draw: seconds of CPU on a busy
          // 2-core machine. The limit catches a hang, not a slow proof.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TEST_DB_KIND: 'pglite' },
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'server-pg',
                include: ['apps/server/**/*.test.ts'],
                environment: 'node' as const,
                testTimeout: 30_000,
                hookTimeout: 60_000,
                env: { TEST_DB_KIND: 'postgres' },
              },
            },
          ]
        : []),
      {
        test: {
          name: 'web',
          include: ['apps/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          // The web app is built once per run, not once per spec file.
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
