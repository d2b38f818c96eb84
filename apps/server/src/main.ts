import { build } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { productionRefusal, seedTenant } from './db/seed';
import { seedDiscoveryDemo } from './db/seed-discovery';
import { containStrayFaults } from './last-resort';
import { DEFAULT_SHUTDOWN, drainOnShutdown } from './shutdown';

/** A refusal to start: printed as it is (no stack), exit 1. */
function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) refuse(error.message);
    throw error;
  }

  // Without an official feed outside production, official-result lotteries draw from chains too.
  const app = await build({
    config,
    scheduler: { start: true, drawOfficialFromChain: config.NODE_ENV !== 'production' },
  });
  if (config.NODE_ENV === 'production') {
    const refusal = await productionRefusal(app.ctx.database, config.TENANT_CODE);
    if (refusal) {
      await app.close();
      refuse(refusal);
    }
    // The first production start creates the operator's tenant (development seeds the demo one).
    if (await seedTenant(app.ctx.database, systemClock, config.TENANT_CODE)) {
      app.ctx.tenant.invalidate();
      app.log.info(
        { tenant: config.TENANT_CODE },
        `created tenant ${config.TENANT_CODE}: configure it with npm run admin`,
      );
    }
  }

  // A sick process drains like a stopped one but exits 1, so its supervisor starts a fresh one.
  let sick = false;
  const shutdown = drainOnShutdown(app, {
    ...DEFAULT_SHUTDOWN,
    exit: (code) => process.exit(sick ? 1 : code),
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  containStrayFaults(process, app.log, () => {
    sick = true;
    shutdown('stray faults');
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    {
      database: config.DATABASE_URL ? 'postgres' : `pglite:${config.DATA_DIR}`,
      startupMs: Math.round(process.uptime() * 1000),
      // CPU spent starting, which unlike the wall time does not grow with other work on the machine
      startupCpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
    },
    `serving on http://localhost:${config.PORT}`,
  );
  // The demo site's first winners, bet through the API once the app serves (docs/discovery.md).
  if (config.NODE_ENV !== 'production') {
    await seedDiscoveryDemo(app).catch((err: unknown) => app.log.warn({ err }, 'discovery demo seed failed'));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
