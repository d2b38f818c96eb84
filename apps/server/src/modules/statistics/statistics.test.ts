import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../cli/admin';
import { form, json, testApp } from '../../test/app';
import { countClientEvents, storeClientEvent } from './repo';
import { EVENT_BODY_LIMIT } from './routes';

describe('statistics and heartbeat', async () => {
  const { app, database, clock } = await testApp();

  it('accepts and stores each kind of silent call', async () => {
    const calls: [string, string][] = [
      ['/v1/statistics/view', 'view'],
      ['/v1/statistics/op', 'op'],
      ['/v1/statistics/hc', 'hc'],
      ['/v1/users/dmh/ch', 'ch'],
      ['/v1/management/content/saveLogsTable', 'log'],
    ];
    for (const [url, kind] of calls) {
      const before = await countClientEvents(database, kind);
      const res = await app.inject({ method: 'POST', url, ...form({ type: 1, content: `hello ${kind}` }) });
      expect(json(res).code).toBe(1);
      expect(await countClientEvents(database, kind)).toBe(before + 1);
    }
    const json1 = await app.inject({
      method: 'POST',
      url: '/v1/statistics/hc',
      payload: { heartbeatRecords: [{ status: 2, reason: 'timeout', checkTime: 1, connectionTime: 2 }] },
    });
    expect(json(json1).code).toBe(1);
    const [row] = await database.query<{ payload: { heartbeatRecords: { reason: string }[] } }>(
      "SELECT payload FROM client_events WHERE kind = 'hc' ORDER BY id DESC LIMIT 1",
    );
    expect(row.payload.heartbeatRecords[0].reason).toBe('timeout');
  });

  it('refuses an oversized body', async () => {
    const before = await countClientEvents(database, 'view');
    const res = await app.inject({
      method: 'POST',
      url: '/v1/statistics/view',
      ...form({ content: 'x'.repeat(EVENT_BODY_LIMIT + 10) }),
    });
    expect(json(res).code).not.toBe(1);
    expect(await countClientEvents(database, 'view')).toBe(before);
  });

  it('keeps at most the cap of rows per kind', async () => {
    for (let i = 0; i < 8; i++) {
      await storeClientEvent(
        database,
        { tenantId: 1, kind: 'captest', userId: null, ip: '1', payload: { i }, now: clock.now() },
        5,
      );
    }
    expect(await countClientEvents(database, 'captest')).toBe(5);
    const rows = await database.query<{ payload: { i: number } }>(
      "SELECT payload FROM client_events WHERE kind = 'captest' ORDER BY id",
    );
    expect(rows.map((r) => r.payload.i)).toEqual([3, 4, 5, 6, 7]);
  });

  it('still accepts statistics while the site is in maintenance', async () => {
    await COMMANDS['site-mode'].run(['maintain'], { config: app.ctx.config, database });
    app.ctx.tenant.invalidate();
    try {
      expect(
        json(await app.inject({ method: 'POST', url: '/v1/statistics/view', ...form({ a: 1 }) })).code,
      ).toBe(1);
      expect(json(await app.inject({ method: 'GET', url: '/v1/users/isLogin' })).code).toBe(-7);
    } finally {
      await COMMANDS['site-mode'].run(['open'], { config: app.ctx.config, database });
      app.ctx.tenant.invalidate();
    }
  });

  it('lets the operator read the newest events of a kind, one line each', async () => {
    app.ctx.tenant.invalidate(); // the site mode of the test before is over
    const sent = await app.inject({
      method: 'POST',
      url: '/v1/users/dmh/ch',
      remoteAddress: '10.1.2.3',
      ...form({ reason: 'probe-ch' }),
    });
    expect(json(sent).code).toBe(1);
    const out = await COMMANDS['client-events']!.run(['ch', '--limit', '1'], {
      config: app.ctx.config,
      database,
    });
    expect(out.split('\n')).toHaveLength(1);
    expect(out).toMatch(/ ch user=- ip=10\.1\.2\.3 \{"reason":"probe-ch"\}$/);
    await expect(
      COMMANDS['client-events']!.run(['nope'], { config: app.ctx.config, database }),
    ).rejects.toThrow('unknown kind');
  });
});
