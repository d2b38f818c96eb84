import { build } from './app';
import { ConfigError, loadConfig } from './config';

/** Longest we wait for in-flight requests on shutdown before exiting anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Without an official feed outside production, official-result lotteries draw from chains too.
  const app = await build({
    config,
    scheduler: { start: true, drawOfficialFromChain: config.NODE_ENV !== 'production' },
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: closing the server, draining requests, closing the database');
    const timer = setTimeout(() => {
      app.log.error('shutdown grace period over; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { database: config.DATABASE_URL ? 'postgres' : `pglite:${config.DATA_DIR}` },
    `serving on http://localhost:${config.PORT}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
