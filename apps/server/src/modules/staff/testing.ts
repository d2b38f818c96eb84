import { consoleUrl } from '@lottery/contract/console/endpoint';
import type { StaffRole } from '@lottery/contract/console/roles';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import type { ManualClock } from '../../clock';
import { cliActor } from '../../operator/command';
import { createStaff } from './manage';

/** Test helpers for console calls: a staff member signed in with real TOTP codes, and typed calls. */

/** The Origin a console page of ours sends (inject's Host is localhost:80). */
export const OWN_ORIGIN = 'http://localhost';
export const STAFF_PASSWORD = 'Console2026pass';

export async function totpCode(secret: string, clock: ManualClock): Promise<string> {
  return generate({ secret, epoch: Math.floor(clock.now() / 1000) });
}

export async function consolePost(
  app: FastifyInstance,
  path: string,
  body: Record<string, unknown>,
  options: { cookie?: string; origin?: string | null } = {},
): Promise<LightMyRequestResponse> {
  const origin = options.origin === undefined ? OWN_ORIGIN : options.origin;
  return app.inject({
    method: 'POST',
    url: consoleUrl({ path }),
    payload: body,
    headers: {
      'content-type': 'application/json',
      ...(origin ? { origin } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

export async function consoleGet(
  app: FastifyInstance,
  path: string,
  query: Record<string, string | number> = {},
  cookie?: string,
): Promise<LightMyRequestResponse> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return app.inject({
    method: 'GET',
    url: `${consoleUrl({ path })}${qs ? `?${qs}` : ''}`,
    headers: cookie ? { cookie } : {},
  });
}

export function staffCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'staff_session');
  if (!cookie) throw new Error(`no staff_session cookie in reply: ${res.body}`);
  return `staff_session=${cookie.value}`;
}

export function tokenOf(enrolPath: string): string {
  return new URL(enrolPath, OWN_ORIGIN).searchParams.get('token')!;
}

export interface SignedInStaff {
  staffId: number;
  account: string;
  role: StaffRole;
  cookie: string;
  secret: string;
  recoveryCodes: string[];
}

let counter = 0;

/** Creates an account (as the CLI would), sets its password, enrols TOTP: signed in. */
export async function enrolStaff(
  app: FastifyInstance,
  clock: ManualClock,
  role: StaffRole,
  account = `${role}${Date.now().toString(36).slice(-4)}${++counter}`,
): Promise<SignedInStaff> {
  const { staff, link } = await createStaff({ db: app.ctx.db, clock }, cliActor(), {
    account,
    role,
    reason: 'test',
  });
  const step = (
    await consolePost(app, 'enrol/password', { token: tokenOf(link.enrolPath), password: STAFF_PASSWORD })
  ).json();
  if (step.data?.step !== 'enrol') throw new Error(`enrol/password: ${JSON.stringify(step)}`);
  const confirmed = await consolePost(app, 'enrol/confirm', {
    ticket: step.data.ticket,
    code: await totpCode(step.data.secret, clock),
  });
  const body = confirmed.json();
  if (body.code !== 1) throw new Error(`enrol/confirm: ${JSON.stringify(body)}`);
  return {
    staffId: staff.staffId,
    account,
    role,
    cookie: staffCookie(confirmed),
    secret: step.data.secret,
    recoveryCodes: body.data.recoveryCodes,
  };
}
