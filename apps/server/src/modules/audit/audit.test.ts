import { type AuditAction, auditActionLabel, CLI_COMMAND_LABELS } from '@lottery/contract/console/audit';
import { beijingDateTime } from '@lottery/rules/beijing';
import { describe, expect, it } from 'vitest';
import { COMMANDS, CommandFailed, runCommand } from '../../cli/admin';
import { testApp, testConfig } from '../../test/app';
import { consoleGet, enrolStaff } from '../staff/testing';
import { GENESIS, rowHash } from './chain';
import { appendAudit, listAudit, verifyChain } from './index';

/**
 * Issue 40 §4: the audit log is append-only (a trigger), hash-chained (verifyChain / audit-verify
 * find the first edited row), never forks under parallel writers, and every operator command
 * writes one row of its own.
 */
const { app, clock, database } = await testApp();
const env = { config: testConfig(), database, clock };
// rows of made-up actions (`test.*`), which no service writes and the writer's type refuses
const write = (action: string, extra: Record<string, unknown> = {}) =>
  app.ctx.db.transaction((tx) =>
    appendAudit(
      tx,
      { actor: 'cli:test', role: 'cli', action: action as AuditAction, target: 'x:1', ...extra },
      clock.now(),
    ),
  );

describe('audit log', () => {
  it('chains each row to the one before, from the genesis hash', async () => {
    await write('test.first', { before: { a: 1, b: [1, 2] }, after: { b: 2, a: '一' }, reason: '原因' });
    await write('test.second');
    const rows = (await listAudit(app.ctx.db, { limit: 200 })).items.reverse();
    const stored = await database.query<{ id: string; prev_hash: string; hash: string }>(
      'SELECT id::text AS id, prev_hash, hash FROM audit_log ORDER BY audit_log.id',
    );
    expect(stored[0]!.prev_hash).toBe(GENESIS);
    for (let i = 1; i < stored.length; i++) expect(stored[i]!.prev_hash).toBe(stored[i - 1]!.hash);
    const first = rows.find((r) => r.action === 'test.first')!;
    const prev = stored.find((s) => Number(s.id) === first.id)!.prev_hash;
    expect(rowHash(prev, first)).toBe(first.hash);
    expect(await verifyChain(app.ctx.db)).toMatchObject({ ok: true, rows: stored.length });
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await write('test.guarded');
    await expect(database.query(`UPDATE audit_log SET reason = 'x'`)).rejects.toThrow(/append-only/);
    await expect(database.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(database.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
  });

  it('never forks under parallel writers', async () => {
    const before = (await verifyChain(app.ctx.db)) as { rows: number };
    await Promise.all(Array.from({ length: 20 }, (_, i) => write('test.parallel', { after: { i } })));
    const check = await verifyChain(app.ctx.db);
    expect(check).toMatchObject({ ok: true, rows: before.rows + 20 });
    const forks = await database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM (SELECT prev_hash FROM audit_log GROUP BY prev_hash HAVING count(*) > 1) f',
    );
    expect(forks[0]!.n).toBe(0);
  });

  it('writes one row per operator command, and staff-create prints the enrolment link', async () => {
    const out = await runCommand('staff-create', ['boss', '--role', 'owner', '--reason', '首位所有者'], env);
    expect(out).toMatch(/staff boss \(owner\) created/);
    expect(out).toMatch(/\/console\/enrol\?token=[A-Za-z0-9_-]{43}/);
    // the link's expiry in Beijing time, as every screen shows it
    expect(out).toMatch(/valid until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}（北京时间）/);
    const [command, change] = (await listAudit(app.ctx.db, { limit: 2 })).items;
    expect(command).toMatchObject({
      actor: expect.stringMatching(/^cli:/),
      role: 'cli',
      action: 'cli.staff-create',
      target: 'boss',
      after: { args: ['boss', '--role', 'owner', '--reason', '首位所有者'], outcome: 'ok' },
    });
    expect(command!.after).not.toHaveProperty('output');
    expect(change).toMatchObject({
      action: 'staff.create',
      reason: '首位所有者',
      after: { account: 'boss', role: 'owner' },
    });

    // a failed command is written too, with its error; secrets are masked
    await expect(runCommand('staff-create', ['boss', '--role', 'owner'], env)).rejects.toThrow();
    expect(
      (await listAudit(app.ctx.db, { action: 'cli.staff-create', limit: 1 })).items[0]!.after,
    ).toMatchObject({
      outcome: 'failed',
    });
    await runCommand('chat-room-password', ['nosuchroom', '654321'], env).catch(() => undefined);
    expect(
      (await listAudit(app.ctx.db, { action: 'cli.chat-room-password', limit: 1 })).items[0]!.after,
    ).toMatchObject({
      args: ['nosuchroom', '***'],
    });
    expect(await runCommand('staff-list', [], env)).toMatch(/boss\towner\tactive/);
  });

  it('has words for every operator command, and none for a command that does not exist', () => {
    // console services' actions are typed against the contract's labels; commands are not
    expect(Object.keys(CLI_COMMAND_LABELS).sort()).toEqual(Object.keys(COMMANDS).sort());
    for (const name of Object.keys(COMMANDS)) expect(auditActionLabel(`cli.${name}`)).toMatch(/^命令行：\S/);
  });

  it('lists with filters and keyset pages, and exports CSV', async () => {
    const auditor = await enrolStaff(app, clock, 'auditor');
    for (let i = 0; i < 5; i++)
      await write('test.page', { target: `page:${i}`, reason: i === 0 ? '=cmd()' : '' });
    const get = (query: Record<string, string | number>) =>
      consoleGet(app, 'audit/list', query, auditor.cookie);
    const page1 = (await get({ action: 'test.page', limit: 2 })).json().data;
    expect(page1.items.map((r: { target: string }) => r.target)).toEqual(['page:4', 'page:3']);
    const page2 = (await get({ action: 'test.page', limit: 2, cursor: page1.nextCursor })).json().data;
    const page3 = (await get({ action: 'test.page', limit: 2, cursor: page2.nextCursor })).json().data;
    expect(page2.items.map((r: { target: string }) => r.target)).toEqual(['page:2', 'page:1']);
    expect(page3).toMatchObject({ items: [{ target: 'page:0' }], nextCursor: null });
    expect((await get({ action: 'test.', target: 'page:3' })).json().data.items).toHaveLength(1);
    expect((await get({ actor: `staff:${auditor.staffId}` })).json().data.items[0].action).toBe(
      'staff.sign_in',
    );
    expect((await get({ from: clock.now() + 1 })).json().data.items).toHaveLength(0);
    expect((await get({ limit: 0 })).json().code).toBe(-2);

    const csv = await consoleGet(app, 'audit/export', { action: 'test.page' }, auditor.cookie);
    expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,时间（北京）,actor,操作者账号,role,action,target,reason,ip,user_agent,before,after,hash',
    );
    expect(lines).toHaveLength(6);
    // a reason that looks like a formula stays text
    expect(lines[5]).toContain(",'=cmd(),");
    // Beijing time, as the screens show it; a command's actor has no account
    expect(lines[1]!.split(',').slice(1, 4)).toEqual([beijingDateTime(clock.now()), 'cli:test', '']);
  });

  it("names a staff actor's account, and takes an account as the actor filter", async () => {
    const auditor = await enrolStaff(app, clock, 'auditor');
    const risk = await enrolStaff(app, clock, 'risk');
    const get = (query: Record<string, string | number>) =>
      consoleGet(app, 'audit/list', query, auditor.cookie);
    const byId = (await get({ actor: `staff:${risk.staffId}` })).json().data.items;
    expect(byId[0]).toMatchObject({
      actor: `staff:${risk.staffId}`,
      actorAccount: risk.account,
      action: 'staff.sign_in',
    });
    // the account finds the same rows; an unknown account finds none
    expect((await get({ actor: risk.account })).json().data.items).toEqual(byId);
    expect((await get({ actor: 'nosuchstaff' })).json().data.items).toEqual([]);
    // a page of mixed actors: each staff actor named, a command's actor not
    const page = (await get({ limit: 200 })).json().data.items as {
      actor: string;
      actorAccount: string | null;
    }[];
    expect(page.find((r) => r.actor === `staff:${auditor.staffId}`)?.actorAccount).toBe(auditor.account);
    for (const r of page) if (r.actor.startsWith('cli:')) expect(r.actorAccount).toBeNull();

    const csv = await consoleGet(app, 'audit/export', { actor: risk.account }, auditor.cookie);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(rows).toHaveLength(byId.length);
    for (const row of rows)
      expect(row.split(',').slice(2, 4)).toEqual([`staff:${risk.staffId}`, risk.account]);
  });

  // last: it breaks this file's chain for good
  it('audit-verify names the first edited row and exits 1', async () => {
    expect(await runCommand('audit-verify', [], env)).toMatch(/audit chain intact: \d+ row\(s\)/);
    const [victim] = (await listAudit(app.ctx.db, { action: 'test.second', limit: 1 })).items;
    await database.withSession((session) =>
      session.exec(`BEGIN;
        ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
        UPDATE audit_log SET reason = 'nothing happened' WHERE id = ${victim!.id};
        ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;
        COMMIT;`),
    );
    expect(await verifyChain(app.ctx.db)).toMatchObject({ ok: false, brokenId: victim!.id, problem: 'hash' });
    const failure = await runCommand('audit-verify', [], env).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CommandFailed);
    expect((failure as Error).message).toMatch(new RegExp(`broken at row ${victim!.id} `));
  });
});
