import type { Clock } from '../clock';
import type { Config } from '../config';
import { seedChatDemo } from '../modules/chat/index';
import { syncLotteryCatalogue } from '../modules/lottery/index';
import type { Database } from './client';
import { migrate } from './migrate';
import { seedDemoTenant } from './seed';

/**
 * Apply migrations, seed the demo tenant when it is missing (never in production), then bring every
 * tenant's lottery catalogue up to the rules package.
 */
export async function prepareDatabase(database: Database, config: Config, clock: Clock): Promise<void> {
  await migrate(database);
  if (config.NODE_ENV !== 'production' && config.TENANT_CODE === 'demo') {
    await seedDemoTenant(database, clock);
    await seedChatDemo(database, clock);
  }
  await syncLotteryCatalogue(database, clock);
}
