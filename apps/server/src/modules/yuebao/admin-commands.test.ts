import { describe, expect, it } from 'vitest';
import { json, testApp, testConfig } from '../../test/app';
import { YUEBAO_COMMANDS } from './admin-commands';
import { relogin, saver, transferIn, yGet } from './testing';

/**
 * The yuebao operator commands (docs/yuebao.md "Operator commands") against the app a player uses:
 * what an operator sets is what getMyYuebaoInfo and getPledgeProducts answer, bad command lines are
 * refused with a usage message and change nothing, and yuebao-accrue pays a due day once.
 */
describe('yuebao operator commands', async () => {
  const { app, database, clock } = await testApp();
  const env = { config: testConfig(), database, clock };
  const run = (name: string, args: string[] = []) => YUEBAO_COMMANDS[name]!.run(args, env);
  const HOUR = 3_600_000;
  /** 2026-01-15 00:00 Beijing: the seed's day (yuebao accrues from it). */
  const D0 = Date.UTC(2026, 0, 14, 16, 0);
  clock.set(D0 + 12 * HOUR);
  const player = await saver(app, 5_000);
  const products = async () =>
    (await yGet(app, player, 'virtualWallet/getPledgeProducts')).data as unknown as {
      id: number;
      name: string;
      annualRate: string;
      maxOrders: number;
    }[];

  it('shows the demo rules and sets a new rate and limits that the player sees', async () => {
    expect(await run('yuebao-rate')).toMatch(/^rate 3\.65 %, transfer in 1\.00-1000000\.00 yuan/);
    expect(await run('yuebao-rate', ['4.2', '--min-in', '10', '--max-in', '500'])).toBe(
      'yuebao rate 4.20 % from the next accrual',
    );
    const info = (await yGet(app, player, 'balance/getMyYuebaoInfo')).data!;
    expect(info).toMatchObject({ annualRate: '4.20', minTransferIn: '10.00', maxTransferIn: '500.00' });
    // the new limits hold on the server: above the maximum is -110002
    expect((await transferIn(app, player, '500.01')).code).toBe(-110002);
    expect(await run('yuebao-rate')).toMatch(
      /^rate 4\.20 %, transfer in 10\.00-500\.00 yuan, at most 5000000\.00/,
    );
  });

  it('refuses bad rates and limits and keeps the rules', async () => {
    await expect(run('yuebao-rate', ['101'])).rejects.toThrow('percent');
    await expect(run('yuebao-rate', ['abc'])).rejects.toThrow('percent');
    await expect(run('yuebao-rate', ['3', '--min-in', '0'])).rejects.toThrow('above 0');
    await expect(run('yuebao-rate', ['3', '--max-in', '1.234'])).rejects.toThrow('amount in yuan');
    await expect(run('yuebao-rate', ['3', '--min-in', '100', '--max-in', '50'])).rejects.toThrow(
      'not be below --min-in',
    );
    expect(await run('yuebao-rate')).toMatch(/^rate 4\.20 %/);
  });

  it('creates, changes, withdraws and offers again a pledge product', async () => {
    expect(await run('yuebao-products')).toContain('7天质押: 7 days, 5.00 %');
    const saved = await run('yuebao-product', [
      '14天质押',
      '--days',
      '14',
      '--rate',
      '6.5',
      '--min',
      '200',
      '--max',
      '20000',
      '--orders',
      '2',
      '--penalty',
      '1.5',
    ]);
    const id = Number(/product #(\d+) 14天质押 saved/.exec(saved)![1]);
    expect((await products()).find((p) => p.id === id)).toMatchObject({ annualRate: '6.50', maxOrders: 2 });
    // the same name changes the product, it does not add another
    await run('yuebao-product', [
      '14天质押',
      '--days',
      '14',
      '--rate',
      '7',
      '--min',
      '200',
      '--max',
      '20000',
      '--orders',
      '3',
      '--penalty',
      '1.5',
    ]);
    expect((await products()).filter((p) => p.name === '14天质押')).toEqual([
      expect.objectContaining({ id, annualRate: '7.00', maxOrders: 3 }),
    ]);
    expect(await run('yuebao-product', ['--off', String(id)])).toBe(
      `product #${id} off (holding orders run to their term)`,
    );
    expect((await products()).map((p) => p.id)).not.toContain(id);
    expect(await run('yuebao-products')).toContain(
      `#${id} 14天质押: 14 days, 7.00 %, 200.00-20000.00 yuan, 3 orders per player, penalty 1.50 % (off)`,
    );
    await run('yuebao-product', ['--on', String(id)]);
    expect((await products()).map((p) => p.id)).toContain(id);
  });

  it('refuses bad product command lines', async () => {
    const base = [
      '--days',
      '7',
      '--rate',
      '5',
      '--min',
      '100',
      '--max',
      '1000',
      '--orders',
      '3',
      '--penalty',
      '1',
    ];
    await expect(run('yuebao-product', base)).rejects.toThrow('product name');
    await expect(
      run('yuebao-product', ['x', ...base.slice(0, 6), '--max', '50', '--orders', '3', '--penalty', '1']),
    ).rejects.toThrow('--max must not be below --min');
    await expect(run('yuebao-product', ['x', ...base.map((a) => (a === '7' ? '0' : a))])).rejects.toThrow(
      '--days',
    );
    await expect(run('yuebao-product', ['--off', 'abc'])).rejects.toThrow('must be a number');
    await expect(run('yuebao-product', ['--off', '999999'])).rejects.toThrow('no product #999999');
    expect(await run('yuebao-products')).not.toMatch(/#\d+ x:/);
  });

  it('yuebao-accrue pays a due day once', async () => {
    expect((await transferIn(app, player, '365')).code).toBe(1);
    // held all of 2026-01-16 at 4.2 %: floor(3650000 × 42000 / 365,000,000) = 420 minor = 0.042 yuan
    clock.set(D0 + 2 * 24 * HOUR + HOUR);
    const out = await run('yuebao-accrue');
    // the day of the transfer earns nothing (not held all day); the next day pays 0.0420
    expect(out).toContain('2026-01-15: 0 savers, 0.0000 yuan');
    expect(out).toContain('2026-01-16: 1 savers, 0.0420 yuan');
    expect(out).toContain('pledges: 0 matured, 0 renewed');
    expect(await run('yuebao-accrue')).toBe('pledges: 0 matured, 0 renewed');
    await relogin(app, player);
    const info = json(
      await app.inject({
        method: 'GET',
        url: '/v1/balance/getMyYuebaoInfo',
        headers: { cookie: player.cookie },
      }),
    );
    expect(info.data).toMatchObject({ yesterdayInterest: '0.0420', yuebaoBalance: '365.0420' });
  });
});
