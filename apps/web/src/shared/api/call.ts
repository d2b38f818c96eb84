import type { Endpoint } from '@lottery/contract/endpoint';
import type { z } from 'zod';
import { type RequestOptions, requestEnvelope, successData } from './client';
import { type Envelope, SUCCESS } from './envelope';
import { type UploadOptions, type UploadParts, uploadFile } from './upload';

/**
 * The typed way to the server: `call(Endpoint, input)` takes its path, method and input type from
 * the endpoint in packages/contract and answers with the endpoint's reply type, so a web caller
 * never spells a `/v1` path or writes a reply type by hand. The enpath encoding, the envelope and the
 * error codes stay in client.ts and response.ts (one place for the rules of spec §8).
 *
 * Three shapes of the same call: `call` answers the data of a code-1 reply; `callEnvelope` the whole
 * envelope, for a caller that reads the message of a success or answers codes it passed through
 * (`passCodes`) itself; `callUpload` posts files as multipart (shared/api/upload.ts).
 *
 * In development (and in the web tests) the data of a code-1 reply is checked against the
 * endpoint's schema and a mismatch is reported loudly: the contract and the server drifted.
 * Production skips the check.
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

function transportOf(endpoint: Endpoint, input: unknown, options: CallOptions | undefined): RequestOptions {
  const fields = (input ?? undefined) as object | undefined;
  const transport: RequestOptions = { ...options, method: endpoint.method };
  if (fields !== undefined) {
    if (endpoint.method === 'GET') transport.query = fields as Record<string, Primitive>;
    else if (isFlat(fields)) transport.form = fields;
    else transport.json = fields;
  }
  return transport;
}

function checkReply(endpoint: Endpoint, data: unknown): void {
  if (!checkReplies || !endpoint.data) return;
  const parsed = endpoint.data.safeParse(data);
  if (!parsed.success) reportMismatch(endpoint.path, parsed.error.issues);
}

/**
 * The whole envelope of a reply the rules of spec §8 hand to the caller: code 1 (its data checked
 * in development), or a code the caller passed through; any other code rejects as `call` does.
 */
export async function callEnvelope<E extends Endpoint>(
  endpoint: E,
  ...[input, options]: Args<E>
): Promise<Envelope<CallReply<E>>> {
  const envelope = await requestEnvelope<unknown>(endpoint.path, transportOf(endpoint, input, options));
  if (envelope.code === SUCCESS) checkReply(endpoint, envelope.data);
  return envelope as Envelope<CallReply<E>>;
}

/** The data of a code-1 reply; any other code rejects with an ApiError. */
export async function call<E extends Endpoint>(endpoint: E, ...args: Args<E>): Promise<CallReply<E>> {
  return successData(await callEnvelope(endpoint, ...args));
}

/**
 * An upload call (multipart: text fields, then the files under `file`): the data of its code-1
 * reply and the server's message (收藏成功), or an ApiError with the refusal, for the caller to show.
 */
export async function callUpload<E extends Endpoint & { method: 'POST' }>(
  endpoint: E,
  parts: UploadParts,
  options?: UploadOptions,
): Promise<{ data: CallReply<E>; msg: string }> {
  const reply = await uploadFile<unknown>(endpoint.path, parts, options);
  checkReply(endpoint, reply.data);
  return reply as { data: CallReply<E>; msg: string };
}
