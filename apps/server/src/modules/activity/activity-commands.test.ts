import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../operator/command';
import { form, json, testApp } from '../../test/app';
import { newPlayer } from '../betting/testing';
import { ACTIVITY_COMMANDS } from './admin-commands';

/** The operator's sign-in and VIP commands change what players are paid and shown. */
let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await testApp());
});

describe('activity operator commands', () => {
  it('sets a sign-in day, turns sign-in off, and edits a grade (validated)', async () => {
    const env = { config: app.ctx.config, database: app.ctx.database };
    const run = (name: string, ...args: string[]) => ACTIVITY_COMMANDS[name]!.run(args, env);

    expect(await run('sign-reward', '1', '6.5', '--turnover', '200')).toBe(
      'sign-in day 1: 6.50 yuan, turnover 200%',
    );
    expect(await run('sign-rewards')).toContain('day 1: 6.50 yuan, turnover 200%');
    const p = await newPlayer(app, 0);
    const signed = json<{ amount: string }>(
      await app.inject({
        method: 'POST',
        url: '/v1/activity/signToday',
        headers: { ...form({}).headers, cookie: p.cookie },
        payload: '',
      }),
    );
    expect(signed.data?.amount).toBe('6.50');

    await expect(run('vip-rule', '3', '500', '18')).rejects.toThrow(UsageError); // below VIP2's 1000
    await expect(run('vip-rule', '1', '10', '0')).rejects.toThrow(UsageError);
    expect(await run('vip-rule', '2', '2000', '9')).toBe('VIP2: growth 2000.00, bonus 9.00, turnover 100%');
    const config = json<{ grades: { grade: number; growth: string; bonus: string }[] }>(
      await app.inject({ method: 'GET', url: '/v1/activity/getUpgradeConfig' }),
    );
    expect(config.data?.grades[1]).toMatchObject({ grade: 2, growth: '2000.00', bonus: '9.00' });

    expect(await run('sign-reward', '--cycle', '0')).toContain('0 days');
    const off = json(
      await app.inject({
        method: 'GET',
        url: '/v1/activity/getDailySignStatus',
        headers: { cookie: p.cookie },
      }),
    );
    expect(off.data).toMatchObject({ rewards: [] });

    // a ladder with a gap: day 1 left out pays nothing, and the streak still counts it
    await run('sign-reward', '2', '4');
    const q = await newPlayer(app, 0);
    const gap = json<{ amount: string; continuousDays: number }>(
      await app.inject({
        method: 'POST',
        url: '/v1/activity/signToday',
        headers: { ...form({}).headers, cookie: q.cookie },
        payload: '',
      }),
    );
    expect(gap).toMatchObject({ code: 1, data: { amount: '0.00', continuousDays: 1 } });

    await run('activity-defaults');
    expect(await run('vip-rules')).toContain('VIP2 白银: growth 1000.00, bonus 8.00');
  });

  it('creates activities and activity red envelopes, refusing bad definitions', async () => {
    const env = { config: app.ctx.config, database: app.ctx.database };
    const run = (name: string, ...args: string[]) => ACTIVITY_COMMANDS[name]!.run(args, env);
    const created = await run(
      'activity-create',
      '周末加奖',
      '--kind',
      'daily_bonus',
      '--image',
      '/static/banners/daily-bonus.svg',
      '--html',
      '<p>周末<img src="https://evil.example/x.png"></p>',
      '--start',
      '2020-01-01',
      '--tier',
      '100:0.3',
      '--tier',
      '1000:0.5',
    );
    const id = Number(created.match(/activity (\d+) created/)?.[1]);
    expect(id).toBeGreaterThan(0);
    const rates = json(
      await app.inject({ method: 'GET', url: `/v1/activity/getRewardRate?activityId=${id}` }),
    );
    expect(rates.data).toEqual({
      activityId: id,
      rows: [
        { turnover: '100.00', rate: '0.30' },
        { turnover: '1000.00', rate: '0.50' },
      ],
    });
    const content = json<{ content: string }>(
      await app.inject({ method: 'GET', url: `/v1/activity/getActivityContent?activityId=${id}` }),
    );
    expect(content.data?.content).toBe('<p>周末</p>');

    await expect(
      run(
        'activity-create',
        'x',
        '--kind',
        'daily_bonus',
        '--image',
        '/static/a.svg',
        '--html',
        'x',
        '--start',
        '2020-01-01',
      ),
    ).rejects.toThrow('at least one tier');
    await expect(
      run(
        'activity-create',
        'x',
        '--kind',
        'article',
        '--image',
        'https://evil.example/a.png',
        '--html',
        'x',
        '--start',
        '2020-01-01',
      ),
    ).rejects.toThrow(UsageError);
    await expect(run('activity-create', 'x', '--kind', 'lottery', '--html', 'x')).rejects.toThrow(UsageError);
    // a title is plain text: markup typed into it is dropped
    const plain = await run(
      'activity-create',
      '<b>限时</b>加奖',
      '--kind',
      'article',
      '--image',
      '/static/banners/daily-bonus.svg',
      '--html',
      '<p>x</p>',
      '--start',
      '2020-01-01',
    );
    const plainId = Number(plain.match(/activity (\d+) created/)?.[1]);
    const shown = json<{ title: string }>(
      await app.inject({ method: 'GET', url: `/v1/activity/getActivityContent?activityId=${plainId}` }),
    );
    expect(shown.data?.title).toBe('限时加奖');

    expect(await run('activity-disable', String(id))).toBe(`activity ${id} hidden`);
    const hidden = json(
      await app.inject({ method: 'GET', url: `/v1/activity/getActivityContent?activityId=${id}` }),
    );
    expect(hidden).toMatchObject({ code: -2, msg: '活动不存在' });

    expect(
      await run('activity-red', '测试红包', '10', '4', '--start', '2020-01-01', '--end', '2099-01-01'),
    ).toMatch(/activity red envelope \d+: 10\.00 yuan in 4 shares/);
    await expect(
      run('activity-red', '太少', '0.03', '4', '--start', '2020-01-01', '--end', '2099-01-01'),
    ).rejects.toThrow('at least 0.01 yuan per share');
    await expect(
      run('activity-red', '倒序', '10', '4', '--start', '2099-01-01', '--end', '2020-01-01'),
    ).rejects.toThrow('end must be after start');
  });
});
