import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import { emptyDatabase } from '../test/app';
import { migrate } from './migrate';
import { demoDataFindings, productionRefusal, seedDemoTenant, seedTenant } from './seed';

/** Issue 9 item 2: what a production process refuses to start on. */
describe('production refusal of demo data', async () => {
  const database = await emptyDatabase();
  await migrate(database);

  it('finds nothing on a fresh database serving a tenant of its own', async () => {
    expect(await demoDataFindings(database, 'acme')).toEqual([]);
    expect(await productionRefusal(database, 'acme')).toBeUndefined();
  });

  it('refuses the demo tenant code even before the demo tenant exists', async () => {
    expect(await demoDataFindings(database, 'demo')).toEqual([
      'TENANT_CODE is "demo", the public demo tenant\'s code.',
    ]);
  });

  it("names each tenant's enabled sandbox channels, and forgets them once disabled", async () => {
    await database.query(
      `INSERT INTO tenants (code, name, config, config_updated_at, page_updated_at, lottery_order_updated_at, created_at)
       VALUES ('acme', 'Acme', '{}', 0, 0, 0, 0)`,
    );
    await database.query(
      `INSERT INTO payment_channel (tenant_id, channel, name, enabled, sort, min_minor, max_minor, provider)
       SELECT id, c.channel, c.channel, true, c.sort, 100000, 500000000, c.provider
         FROM tenants, (VALUES ('alipay', 1, 'sandbox'), ('wechat', 2, 'sandbox'), ('banktransfer', 3, 'bank'))
              AS c (channel, sort, provider)
        WHERE code = 'acme'`,
    );
    expect(await demoDataFindings(database, 'acme')).toEqual([
      'Tenant "acme" offers the sandbox payment provider, which never pays: alipay, wechat.',
    ]);
    await database.query(`UPDATE payment_channel SET enabled = false WHERE provider = 'sandbox'`);
    expect(await demoDataFindings(database, 'acme')).toEqual([]);
  });

  it("creates an operator's tenant once: settings and catalogue, captcha on, no accounts, no sandbox", async () => {
    expect(await seedTenant(database, new ManualClock(), 'shop')).toBe(true);
    expect(await seedTenant(database, new ManualClock(), 'shop')).toBe(false);
    const [tenant] = await database.query<{ id: number; register_image_code: boolean }>(
      `SELECT id, register_image_code FROM tenants WHERE code = 'shop'`,
    );
    expect(tenant?.register_image_code).toBe(true);
    const [counts] = await database.query<{ lotteries: string; users: string; channels: string }>(
      `SELECT (SELECT count(*) FROM lotteries WHERE tenant_id = $1)::text AS lotteries,
              (SELECT count(*) FROM users WHERE tenant_id = $1)::text AS users,
              (SELECT count(*) FROM payment_channel WHERE tenant_id = $1)::text AS channels`,
      [tenant?.id],
    );
    expect(Number(counts?.lotteries)).toBeGreaterThan(10);
    expect(counts).toMatchObject({ users: '0', channels: '0' });
    expect(await demoDataFindings(database, 'shop')).toEqual([]);
    await expect(seedTenant(database, new ManualClock(), 'demo')).rejects.toThrow();
  });

  it('refuses a database holding the demo tenant, whatever tenant the process serves, and says how to proceed', async () => {
    await seedDemoTenant(database, new ManualClock());
    const refusal = await productionRefusal(database, 'acme');
    expect(refusal).toContain('Refusing to start with NODE_ENV=production on demo data:');
    expect(refusal).toContain(
      '  - The database holds the demo tenant "demo": accounts player01, agent01, manager01, whose password is published in the README.',
    );
    expect(refusal).toContain('How to proceed: give production its own database');
  });
});

/** Issue 37 §6: the demo shows every module; an operator's tenant starts with them off. */
describe('modules of the seeded tenants', async () => {
  const database = await emptyDatabase();
  await migrate(database);
  await seedDemoTenant(database, new ManualClock());
  await seedTenant(database, new ManualClock(), 'shop');
  const configOf = async (code: string) => {
    const [row] = await database.query<{ config: Record<string, unknown> }>(
      'SELECT config FROM tenants WHERE code = $1',
      [code],
    );
    return row?.config;
  };
  const MODULES = [
    'gamesEnabled',
    'liveNavEnabled',
    'isHideNavLive',
    'appDownload',
    'customPopUpWindow',
    'yuebaoEnable',
  ];
  const pick = (config: Record<string, unknown> | undefined) =>
    Object.fromEntries(MODULES.map((key) => [key, config?.[key]]));

  it('switches games, live, the download sheet and yuebao on in the demo tenant', async () => {
    expect(pick(await configOf('demo'))).toEqual({
      gamesEnabled: true,
      liveNavEnabled: true,
      isHideNavLive: false,
      appDownload: '/appDownload',
      customPopUpWindow: true,
      yuebaoEnable: true,
    });
  });

  it("keeps an operator's tenant on its own defaults", async () => {
    expect(pick(await configOf('shop'))).toMatchObject({
      gamesEnabled: false,
      liveNavEnabled: false,
      isHideNavLive: true,
      appDownload: '',
      customPopUpWindow: false,
    });
  });
});
