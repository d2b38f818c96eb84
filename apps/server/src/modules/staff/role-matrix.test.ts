import { readFileSync } from 'node:fs';
import { CONSOLE_ENDPOINTS } from '@lottery/contract/console/api';
import { ConsoleCodes } from '@lottery/contract/console/codes';
import type { ConsoleEndpoint } from '@lottery/contract/console/endpoint';
import {
  ALL_PERMISSIONS,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  roleCan,
  STAFF_ROLES,
} from '@lottery/contract/console/roles';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/app';
import { listAudit } from '../audit/index';
import { financeMatrixSamples } from '../finance-desk/testing';
import { playersDeskSamples } from '../players-desk/testing';
import { consoleGet, consolePost, enrolStaff, type SignedInStaff } from './testing';

/**
 * Issue 40 §3: every console call for every role, allowed or 403, decided on the server from the
 * one permission table. An allowed state-changing call writes exactly one audit row; a refused
 * one writes none and changes nothing.
 */
const { app, clock } = await testApp();

let made = 0;
/** A valid input for each permission-guarded call; a call missing here fails the first test. */
const SAMPLES: Record<string, (target: number) => Record<string, string | number>> = {
  'staff/list': () => ({}),
  'staff/create': () => ({ account: `matrix${++made}`, role: 'support', reason: 'matrix' }),
  'staff/disable': (staffId) => ({ staffId, reason: 'matrix' }),
  'staff/enable': (staffId) => ({ staffId, reason: 'matrix' }),
  'staff/reset-2fa': (staffId) => ({ staffId, reason: 'matrix' }),
  'staff/reset-password': (staffId) => ({ staffId, reason: 'matrix' }),
  'audit/list': () => ({ limit: 5 }),
  'audit/export': () => ({ action: 'staff.' }),
  me: () => ({}),
  ...(await playersDeskSamples(app)),
  ...(await financeMatrixSamples(app)),
};

const guarded = CONSOLE_ENDPOINTS.filter((e) => e.access !== 'public');

async function call(e: ConsoleEndpoint, who: SignedInStaff, target: number) {
  const input = SAMPLES[e.path]!(target);
  return e.method === 'GET'
    ? consoleGet(app, e.path, input, who.cookie)
    : consolePost(app, e.path, input, { cookie: who.cookie });
}

const auditCount = async () => (await listAudit(app.ctx.db, { limit: 200 })).items.length;

describe('role x console call matrix', () => {
  it('has a sample input for every guarded call, and the table is coherent', () => {
    for (const e of guarded) expect(SAMPLES[e.path], e.path).toBeDefined();
    expect(ROLE_PERMISSIONS.owner).toEqual(ALL_PERMISSIONS);
    for (const p of ROLE_PERMISSIONS.auditor) expect(p.endsWith('.read')).toBe(true);
    expect(ROLE_PERMISSIONS.auditor).toContain('audit.read');
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner'))
      expect(roleCan(role, 'staff.manage'), role).toBe(false);
  });

  it('is the table docs/console.md prints', () => {
    const doc = readFileSync(new URL('../../../../../docs/console.md', import.meta.url), 'utf8');
    for (const [permission, words] of Object.entries(PERMISSIONS)) {
      const marks = STAFF_ROLES.map((r) => (roleCan(r, permission as never) ? '✓' : '')).join(' | ');
      expect(doc, permission).toContain(`| \`${permission}\` | ${words} | ${marks} |`);
    }
  });

  for (const role of STAFF_ROLES) {
    it(`${role}: allowed calls answer, the others 403 with 无权限执行此操作`, async () => {
      const who = await enrolStaff(app, clock, role);
      const target = (await enrolStaff(app, clock, 'support')).staffId;
      for (const e of guarded) {
        const before = await auditCount();
        const res = await call(e, who, target);
        const allowed = e.access === 'staff' || roleCan(role, e.access as never);
        if (allowed) {
          expect(res.statusCode, `${role} ${e.path}`).toBe(200);
          if (e.csv) expect(res.headers['content-type']).toMatch(/^text\/csv/);
          else expect(res.json().code, `${role} ${e.path}: ${res.body}`).toBe(1);
          if (e.method === 'POST') expect(await auditCount(), `${role} ${e.path} audited`).toBe(before + 1);
        } else {
          expect(res.statusCode, `${role} ${e.path}`).toBe(403);
          expect(res.json()).toEqual({ code: ConsoleCodes.CONSOLE_FORBIDDEN.code, msg: '无权限执行此操作' });
          expect(await auditCount(), `${role} ${e.path} wrote nothing`).toBe(before);
        }
      }
    });
  }

  it('answers 401 to every guarded call without a staff session', async () => {
    for (const e of guarded) {
      const res =
        e.method === 'GET'
          ? await consoleGet(app, e.path, SAMPLES[e.path]!(1))
          : await consolePost(app, e.path, SAMPLES[e.path]!(1));
      expect(res.statusCode, e.path).toBe(401);
      expect(res.json().code).toBe(ConsoleCodes.CONSOLE_SIGNED_OUT.code);
    }
  });
});
