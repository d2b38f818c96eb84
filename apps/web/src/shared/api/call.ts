import type { Endpoint } from '@lottery/contract/endpoint';
import type { z } from 'zod';
import { type RequestOptions, request } from './client';

/**
 * The typed way to the server: `call(Endpoint, input)` takes its path, method and input type from
 * the endpoint in packages/contract and answers with the endpoint's reply type, so a web caller
 * never spells a `/v1` path or writes a reply type by hand. The enpath encoding, the envelope and the
 * error codes stay in client.ts and response.ts (one place for the rules of spec §8).
 *
 * In development (and in the web tests) the reply is checked against the endpoint's schema and a
 * mismatch is reported loudly: the contract and the server drifted. Production skips the check.
 */

/** What the caller sends: the query (GET) or form body (POST) before the server's parsing. */
export type CallInput<E extends Endpoint> =
  E extends Endpoint<infer Req, z.ZodType> ? (Req extends z.ZodUndefined ? undefined : z.input<Req>) : never;

/** The `data` of a code-1 reply, as the server serialised it. */
export type CallReply<E extends Endpoint> =
  E extends Endpoint<z.ZodType, infer Data>
    ? Data extends z.ZodUndefined
      ? undefined
      : z.output<Data>
    : never;

/** Transport options of a call (never its path, method or input: the endpoint decides those). */
export type CallOptions = Omit<RequestOptions, 'method' | 'query' | 'form' | 'json'>;

type Args<E extends Endpoint> =
  CallInput<E> extends undefined
    ? [input?: undefined, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

type Primitive = string | number | boolean | undefined;

const isFlat = (input: object): input is Record<string, Primitive> =>
  Object.values(input).every((v) => v === undefined || ['string', 'number', 'boolean'].includes(typeof v));

/** Reports a reply the endpoint's schema refuses: the contract and the server disagree. */
export type ReplyMismatchReporter = (path: string, issues: readonly z.core.$ZodIssue[]) => void;

let reportMismatch: ReplyMismatchReporter = (path, issues) =>
  console.error(`[contract] the reply of ${path} does not match its schema`, issues);

/** Tests (and a development overlay) may collect mismatches instead of logging them. */
export function onReplyMismatch(reporter: ReplyMismatchReporter): void {
  reportMismatch = reporter;
}

const checkReplies = Boolean(import.meta.env?.DEV);

export async function call<E extends Endpoint>(
  endpoint: E,
  ...[input, options]: Args<E>
): Promise<CallReply<E>> {
  const fields = (input ?? undefined) as object | undefined;
  const transport: RequestOptions = { ...options, method: endpoint.method };
  if (fields !== undefined) {
    if (endpoint.method === 'GET') transport.query = fields as Record<string, Primitive>;
    else if (isFlat(fields)) transport.form = fields;
    else transport.json = fields;
  }
  const data = await request<unknown>(endpoint.path, transport);
  if (checkReplies && endpoint.data) {
    const parsed = endpoint.data.safeParse(data);
    if (!parsed.success) reportMismatch(endpoint.path, parsed.error.issues);
  }
  return data as CallReply<E>;
}
