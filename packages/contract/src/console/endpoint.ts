import type { z } from 'zod';
import { type Endpoint, endpoint } from '../endpoint';
import type { Permission } from './roles';

/**
 * One operator-console call. Like a player call (../endpoint.ts) it has a method, a path, a request
 * schema and a `data` schema, and it answers `{ code, msg, data? }`; unlike one:
 *
 * - its path is after CONSOLE_API_PREFIX (`/console/api/`), never under /v1, so the staff cookie
 *   (`staff_session`, HttpOnly, SameSite=Strict, Path=/console) never reaches a player call;
 * - POST bodies are JSON (`content-type: application/json`);
 * - `access` says who may call it: `public` (no session: the sign-in steps), `staff` (any signed-in
 *   staff member) or a permission of roles.ts, checked on the server for every call.
 *
 * HTTP status: business outcomes (wrong code, locked, unknown id) are HTTP 200 with their code, as
 * on /v1. The gate before a handler answers with a status of its own so a client can tell them
 * apart without reading the body: 401 no or expired staff session (CONSOLE_SIGNED_OUT), 403 role
 * lacks the permission (CONSOLE_FORBIDDEN), 403 foreign or missing Origin on a POST
 * (CONSOLE_ORIGIN_REFUSED), 403 address not in CONSOLE_ALLOWED_IPS (CONSOLE_IP_REFUSED).
 */
export const CONSOLE_API_PREFIX = '/console/api/';

/** The staff session cookie's name and path (the server sets it; the console never reads it). */
export const STAFF_COOKIE = 'staff_session';
export const STAFF_COOKIE_PATH = '/console';

export type ConsoleAccess = 'public' | 'staff' | Permission;

export interface ConsoleEndpoint<
  Req extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
  Method extends 'GET' | 'POST' = 'GET' | 'POST',
> extends Endpoint<Req, Data, Method, false> {
  /** Path after /console/api/. */
  path: string;
  access: ConsoleAccess;
  /** The reply is a CSV file (text/csv, streamed), not an envelope; `data` is absent. */
  csv?: boolean;
}

/** Declares a console call; the request gets the same NUL refusal as every player call. */
export function consoleEndpoint<
  Method extends 'GET' | 'POST',
  Req extends z.ZodType = z.ZodUndefined,
  Data extends z.ZodType = z.ZodUndefined,
>(e: ConsoleEndpoint<Req, Data, Method>): ConsoleEndpoint<Req, Data, Method> {
  return { ...endpoint(e), access: e.access, ...(e.csv ? { csv: true } : {}) } as ConsoleEndpoint<
    Req,
    Data,
    Method
  >;
}

/** The URL a console call is sent to. */
export function consoleUrl(e: Pick<ConsoleEndpoint, 'path'>): string {
  return `${CONSOLE_API_PREFIX}${e.path}`;
}
