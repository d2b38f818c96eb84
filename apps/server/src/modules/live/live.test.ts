import type { LiveServerFrame } from '@lottery/contract/live';
import { lotteryByCode } from '@lottery/rules/lotteries';
import { currentIssue, issueAfter } from '@lottery/rules/schedule';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { queryOne } from '../../db/sql';
import { testApp } from '../../test/app';

/**
 * The live draw socket (docs/live.md): a visitor (no session) watches a lottery, hears hello with
 * the issue on sale and the last results, then the real stored result of the next draw the moment
 * the scheduler draws it; a bad frame closes that socket only.
 */
const K3 = '1401';

describe('live draw socket', async () => {
  const { app, clock, database } = await testApp({ scheduler: { lotteries: [K3] } });
  const k3 = lotteryByCode(K3)!;
  type Client = { ws: WebSocket; frames: LiveServerFrame[]; closed: Promise<number> };
  let base: string | undefined;
  const open = async (query: string, headers: Record<string, string> = {}): Promise<Client> => {
    base ??= (await app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
    const ws = new WebSocket(`${base}/v1/live/socket?${query}`, { headers });
    const frames: LiveServerFrame[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    return { ws, frames, closed };
  };
  const until = async <T extends LiveServerFrame['type']>(c: Client, type: T, issue?: string) => {
    for (let i = 0; i < 300; i++) {
      const f = c.frames.find(
        (x) => x.type === type && (!issue || (x.type === 'drawn' && x.draw.issue === issue)),
      );
      if (f) return f as Extract<LiveServerFrame, { type: T }>;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no ${type} frame in ${JSON.stringify(c.frames)}`);
  };

  it('pushes the real result of a draw to visitors and closes only a socket that sends a bad frame', async () => {
    // Draw one issue first, so hello carries a last result.
    const first = issueAfter(k3, currentIssue(k3, clock.now()));
    clock.set(first.drawMs + 1000);
    await app.scheduler.tick();

    const one = await open(`code=${K3}`);
    const two = await open(`code=${K3}`);
    const hello = await until(one, 'hello');
    expect(hello.lotteryCode).toBe(K3);
    expect(hello.history[0]?.issue).toBe(first.issue);
    const upcoming = hello.next;
    expect(upcoming.drawMs).toBeGreaterThan(clock.now());
    await until(two, 'hello');

    clock.set(upcoming.drawMs + 1000);
    await app.scheduler.tick();
    const row = await queryOne<{ numbers: string }>(
      database.db,
      sql`SELECT numbers FROM draw_issue WHERE lottery_code = ${K3} AND issue = ${upcoming.issue}`,
    );
    expect(row).toBeDefined();
    for (const c of [one, two]) {
      const drawn = await until(c, 'drawn', upcoming.issue);
      expect(drawn.draw.numbers).toEqual(row!.numbers.split(','));
      expect(drawn.draw.numbers).toHaveLength(3);
      expect(drawn.next.drawMs).toBeGreaterThan(upcoming.drawMs);
    }

    // a bad frame closes that socket only
    two.ws.send('{"type":"hack"}');
    expect(await two.closed).toBe(4000);
    one.ws.send(JSON.stringify({ type: 'ping' }));
    await until(one, 'pong');
    one.ws.close();
  });

  it('refuses an unknown lottery and a foreign origin', async () => {
    const unknown = await open('code=9999');
    expect(await unknown.closed).toBe(4003);
    expect(unknown.frames[0]).toMatchObject({ type: 'error', msg: '当前彩种不存在' });
    const bad = await open('code=abc');
    expect(await bad.closed).toBe(4000);
    await expect(open(`code=${K3}`, { origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
  });

  it('closes a socket that floods', async () => {
    const c = await open(`code=${K3}`);
    await until(c, 'hello');
    for (let i = 0; i < 30; i++) c.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await c.closed).toBe(4009);
  });
});
