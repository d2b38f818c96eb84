import { type ConsoleEndpoint, consoleUrl } from '@lottery/contract/console/endpoint';
import type { z } from 'zod';

/**
 * The typed way to the server: `consoleCall(Endpoint, input)` takes the path, method and input
 * type of a console call from its entry in packages/contract/src/console and answers with the type
 * of its `data`, so no screen spells a URL or writes a reply type by hand.
 *
 * GET input goes in the query, POST input as JSON (the console's calls take JSON bodies). A code-1
 * reply answers its data, checked against the endpoint's schema in development (a mismatch means
 * the contract and the server drifted, and is reported loudly); any other code rejects with a
 * ConsoleApiError carrying the code and the server's message. The gate's statuses (401 signed out,
 * 403 refused) reject the same way, and a 401 also tells the app (onSignedOut) so it can send the
 * user back to the sign-in page.
 */

/** What the caller sends: the query (GET) or JSON body (POST) before the server's parsing. */
export type ConsoleInput<E extends ConsoleEndpoint> =
  E extends ConsoleEndpoint<infer Req, z.ZodType>
    ? Req extends z.ZodUndefined
      ? undefined
      : z.input<Req>
    : never;

/** The `data` of a code-1 reply. */
export type ConsoleReply<E extends ConsoleEndpoint> =
  E extends ConsoleEndpoint<z.ZodType, infer Data>
    ? Data extends z.ZodUndefined
      ? undefined
      : z.output<Data>
    : never;

type Args<E extends ConsoleEndpoint> =
  ConsoleInput<E> extends undefined
    ? [input?: undefined, options?: CallOptions]
    : [input: ConsoleInput<E>, options?: CallOptions];

export interface CallOptions {
  signal?: AbortSignal;
}

/** HTTP statuses the gate answers with (contract/console/endpoint.ts). */
export const SIGNED_OUT_STATUS = 401;
export const REFUSED_STATUS = 403;
/** Code of a failure before any envelope: no answer, or an answer that is not one. */
export const TRANSPORT_FAILURE = -1;
const SUCCESS = 1;
const REQUEST_TIMEOUT_MS = 20_000;

export class ConsoleApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;
  constructor(code: number, msg: string, status: number, data?: unknown) {
    super(msg);
    this.name = 'ConsoleApiError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
  get signedOut(): boolean {
    return this.status === SIGNED_OUT_STATUS;
  }
}

let onSignedOut: () => void = () => undefined;

/** The app's answer to a 401 on a call that needed a session (src/app/providers.tsx). */
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

let reportMismatch = (path: string, issues: readonly z.core.$ZodIssue[]) =>
  console.error(`[contract] the reply of console/api/${path} does not match its schema`, issues);

/** Tests may collect mismatches instead of logging them. */
export function onReplyMismatch(reporter: typeof reportMismatch): void {
  reportMismatch = reporter;
}

const checkReplies = Boolean(import.meta.env.DEV);

type Primitive = string | number | boolean | null | undefined;

/** `?a=1&b=x` from flat input (undefined, null and '' left out); '' when nothing is left. */
export function queryString(input: Record<string, Primitive> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input ?? {}))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The URL of a GET call with its input: for links (a CSV export) rather than fetch. */
export function consoleHref<E extends ConsoleEndpoint & { method: 'GET' }>(
  endpoint: E,
  input: ConsoleInput<E>,
): string {
  return consoleUrl(endpoint) + queryString(input as Record<string, Primitive> | undefined);
}

export async function consoleCall<E extends ConsoleEndpoint>(
  endpoint: E,
  ...[input, options]: Args<E>
): Promise<ConsoleReply<E>> {
  const isGet = endpoint.method === 'GET';
  const url = consoleUrl(endpoint) + (isGet ? queryString(input as Record<string, Primitive>) : '');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  options?.signal?.addEventListener('abort', onOuterAbort, { once: true });

  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers: isGet
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
      body: isGet ? undefined : JSON.stringify(input ?? {}),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch {
    throw new ConsoleApiError(TRANSPORT_FAILURE, '网络连接失败，请稍后再试', 0);
  } finally {
    clearTimeout(timer);
    options?.signal?.removeEventListener('abort', onOuterAbort);
  }

  const envelope = (await response.json().catch(() => undefined)) as
    | { code?: unknown; msg?: unknown; data?: unknown }
    | undefined;
  const code = typeof envelope?.code === 'number' ? envelope.code : TRANSPORT_FAILURE;
  const msg = typeof envelope?.msg === 'string' ? envelope.msg : `服务器错误（${response.status}）`;
  if (response.status === SIGNED_OUT_STATUS && endpoint.access !== 'public') onSignedOut();
  if (response.status !== 200 || code !== SUCCESS) {
    throw new ConsoleApiError(code, msg, response.status, envelope?.data);
  }
  if (checkReplies && endpoint.data) {
    const parsed = endpoint.data.safeParse(envelope?.data);
    if (!parsed.success) reportMismatch(endpoint.path, parsed.error.issues);
  }
  return envelope?.data as ConsoleReply<E>;
}
