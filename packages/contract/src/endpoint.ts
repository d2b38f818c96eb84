import { z } from 'zod';
import { Codes } from './codes';
import { refuseNul } from './text';

/**
 * One API call as both sides see it. The server registers every route from its endpoint
 * (apps/server/src/http/route.ts): `request` validates the query (GET) or form body (POST), `data`
 * serialises the `data` of a code-1 reply, and /v1/openapi.json is built from the registered routes.
 */
export interface Endpoint<
  Req extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
  Method extends 'GET' | 'POST' = 'GET' | 'POST',
  Login extends boolean = boolean,
> {
  method: Method;
  /** Path after /v1/. */
  path: string;
  summary: string;
  /** Query (GET) or form body (POST); absent: the call takes no input. */
  request?: Req;
  /** The `data` of a code-1 reply; absent: the reply carries no data. */
  data?: Data;
  /** Needs a session (code 0 otherwise); the server's handler then always has a user. */
  login?: Login;
}

/**
 * Keeps the schemas' types so that the server's handler and the web's caller are typed by them, and
 * puts the database's text rule on every call's request: no string anywhere in it may hold a NUL
 * (text.ts). Ids are bounded by their own fields (ids.ts).
 */
export function endpoint<
  Method extends 'GET' | 'POST',
  Req extends z.ZodType = z.ZodUndefined,
  Data extends z.ZodType = z.ZodUndefined,
  Login extends boolean = false,
>(e: Endpoint<Req, Data, Method, Login>): Endpoint<Req, Data, Method, Login> {
  return e.request ? { ...e, request: e.request.superRefine(refuseNul) } : e;
}

/** A success reply: code 1 and the endpoint's data. */
export function successEnvelope<Data extends z.ZodType>(data: Data | undefined) {
  return z.object({
    code: z.literal(Codes.OK.code),
    msg: z.string(),
    ...(data ? { data } : {}),
  });
}

/**
 * Any other reply (business refusal, validation, session): a code from codes.ts, its message, and
 * sometimes data that the code defines (e.g. the allowed count of a refused chase).
 */
export const failureEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown().optional(),
});

/** What the call answers with HTTP 200: success first, so the serializer checks data by its schema. */
export function replyEnvelope<Data extends z.ZodType>(data: Data | undefined) {
  return z.union([successEnvelope(data), failureEnvelope]);
}
