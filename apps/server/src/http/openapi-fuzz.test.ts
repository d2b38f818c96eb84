import { failureEnvelope } from '@lottery/contract/endpoint';
import { enpathUrl } from '@lottery/contract/enpath';
import { INT4_MAX } from '@lottery/contract/ids';
import { seededRandom } from '@lottery/rules/rtp';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed';
import { isInvalidInput } from '../plugins/envelope';
import { json, passwordDigest, sessionCookie, testApp } from '../test/app';

/**
 * The fuzz of issue 37 §2, as a test: every operation of the served /v1/openapi.json gets inputs
 * built from its own schema, some valid-shaped and some hostile (NUL bytes, ids past int4 and int8,
 * fractions, NaN, very long text, wrong types, emoji, SQL-ish text, empty), sent by a visitor and by
 * the signed-in demo player, as a form or JSON body, some through the enpath form. No answer may be
 * a 5xx or code -500, and every answer is a `{code, msg, data?}` envelope.
 *
 * Deterministic (a seeded PRNG) and bounded: a fixed number of inputs per operation.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
  items?: JsonSchema;
};

type Operation = {
  method: 'GET' | 'POST';
  path: string;
  login: boolean;
  multipart: boolean;
  fields: Record<string, JsonSchema>;
  required: Set<string>;
};

type Value = string | number | boolean | null | Value[] | { [key: string]: Value };
type Input = Record<string, Value | undefined>;

const HOSTILE: readonly Value[] = [
  'a\u0000b',
  '\u0000',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999999',
  '-2147483649',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '1e400',
  '0x10',
  'x'.repeat(10_000),
  '😀🎰',
  "1' OR '1'='1",
  '1; DROP TABLE users;--',
  '',
  ' ',
  2 ** 63,
  -(2 ** 31) - 1,
  1.5,
  true,
  null,
  ['1', '2'],
  { id: 1 },
];

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  const options = schema.anyOf ?? schema.oneOf;
  return options ? typeOf(options.find((o) => o.type !== 'null') ?? options[0]!) : undefined;
}

/** A value of the schema's shape (not necessarily one the handler accepts). */
function shaped(schema: JsonSchema, random: () => number): Value {
  if (schema.const !== undefined) return schema.const as Value;
  if (schema.enum?.length) return schema.enum[Math.floor(random() * schema.enum.length)] as Value;
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return shaped(options[Math.floor(random() * options.length)]!, random);
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
      const max = Math.min(schema.maximum ?? min + 100, min + 1000);
      return min + Math.floor(random() * (max - min + 1));
    }
    case 'boolean':
      return random() < 0.5;
    case 'array':
      return [shaped(schema.items ?? { type: 'string' }, random)];
    default: {
      const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 12, 12));
      const digits = random() < 0.5;
      return Array.from({ length }, () =>
        digits ? String(Math.floor(random() * 10)) : String.fromCharCode(97 + Math.floor(random() * 26)),
      ).join('');
    }
  }
}

function validShaped(op: Operation, random: () => number): Input {
  const input: Input = {};
  for (const [name, schema] of Object.entries(op.fields))
    if (op.required.has(name) || random() < 0.6) input[name] = shaped(schema, random);
  return input;
}

/**
 * Hostile inputs: NUL in every text field; 2^31 and 2^63 in every number field (every field when
 * the call has none); then single fields with a hostile value drawn from HOSTILE.
 */
function hostile(op: Operation, random: () => number, count: number): Input[] {
  const names = Object.keys(op.fields);
  const numeric = names.filter((n) => ['integer', 'number'].includes(typeOf(op.fields[n]!) ?? ''));
  const text = names.filter((n) => !numeric.includes(n));
  const over = (targets: string[], value: Value) => {
    const input = validShaped(op, random);
    for (const name of targets) input[name] = value;
    return input;
  };
  const inputs = [
    over(text.length ? text : names, 'a\u0000b'),
    over(numeric.length ? numeric : names, '2147483648'),
    over(numeric.length ? numeric : names, '9223372036854775808'),
  ];
  while (inputs.length < count) {
    const name = names[Math.floor(random() * names.length)];
    const value = HOSTILE[Math.floor(random() * HOSTILE.length)]!;
    inputs.push(name === undefined ? { junk: value } : over([name], value));
  }
  return inputs;
}

function formBody(input: Input): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(name, String(v));
    else if (value !== null && typeof value === 'object') params.set(name, JSON.stringify(value));
    else params.set(name, String(value ?? ''));
  }
  return params.toString();
}

function operations(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const fields: Record<string, JsonSchema> = {};
      const required = new Set<string>();
      for (const p of (op.parameters as {
        name: string;
        in: string;
        required?: boolean;
        schema: JsonSchema;
      }[]) ?? []) {
        if (p.in !== 'query' && p.in !== 'path') continue;
        fields[p.name] = p.schema;
        if (p.required) required.add(p.name);
      }
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content;
      const body = content && Object.values(content)[0]?.schema;
      for (const [name, schema] of Object.entries(body?.properties ?? {})) fields[name] = schema;
      for (const name of body?.required ?? []) required.add(name);
      ops.push({
        method: method.toUpperCase() as 'GET' | 'POST',
        path: path.replace(/^\/v1\//, ''),
        login: Array.isArray(op.security) && op.security.length > 0,
        multipart: Boolean(content?.['multipart/form-data']),
        fields,
        required,
      });
    }
  }
  return ops;
}

/** What one request looks like on the wire: path or enpath, query or form or JSON body. */
function request(op: Operation, input: Input, n: number, cookie: string | undefined): InjectOptions {
  let path = op.path;
  const rest: Input = {};
  for (const [name, value] of Object.entries(input)) {
    if (path.includes(`{${name}}`)) path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    else rest[name] = value;
  }
  const url = n % 3 === 2 && !path.includes('/files/') ? enpathUrl(path).replace(/^\/?/, '/') : `/v1/${path}`;
  const headers: Record<string, string> = cookie ? { cookie } : {};
  // a fresh address per request, so the per-IP limits leave every handler reachable
  const remoteAddress = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  if (op.method === 'GET') {
    const query = formBody(rest);
    return { method: 'GET', url: query ? `${url}?${query}` : url, headers, remoteAddress };
  }
  if (n % 2 === 1 && !op.multipart)
    return {
      method: 'POST',
      url,
      payload: JSON.stringify(rest),
      headers: { ...headers, 'content-type': 'application/json' },
      remoteAddress,
    };
  return {
    method: 'POST',
    url,
    payload: formBody(rest),
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress,
  };
}

/** Fields naming an int4 (`serial`) row (apps/server/src/db/migrations); every other id is int8. */
const INT4_ROWS = new Set([
  'users/announcementContent id',
  'users/setAnnouncementRead id',
  'management/content/findByIdIntroduction id',
  'management/content/findByIdAssistance id',
  'activity/getActivityContent activityId',
  'activity/receiveActivity activityId',
  'activity/getRewardRate activityId',
  'activity/getEveryDayBonus activityId',
  'activity/getActivityRedEnvelopeFrontList activityId',
  'activity/receiveRedEnvelope activityId',
  'virtualWallet/createYuebaoPledgeOrder productId',
  'users/verifySafetyQuestion questionId',
  'users/forgetPassword questionId',
  'users/setSafetyQuestion questionId',
]);

const VALID_PER_OPERATION = 3;
const HOSTILE_PER_OPERATION = 5;
/** Calls that would end the player's session for the rest of the run; sent by the visitor only. */
const ENDS_SESSION = new Set(['users/logout']);

describe('every documented operation, fuzzed from its served schema', () => {
  let app: FastifyInstance;
  let cookie: string;
  let ops: Operation[];
  /** Values the database refused (the error handler's net answers -2): each one escaped the contract. */
  const escaped: string[] = [];

  beforeAll(async () => {
    ({ app } = await testApp());
    app.addHook('onError', async (request, _reply, error) => {
      if (isInvalidInput(error)) escaped.push(`${request.method} ${request.url.slice(0, 160)}`);
    });
    const login = await app.inject({
      method: 'POST',
      url: '/v1/users/login',
      payload: { userName: 'player01', password: passwordDigest('player01', DEMO_PASSWORD) },
    });
    cookie = sessionCookie(login);
    ops = operations((await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json());
  });

  it('answers every input with an envelope, never a 5xx or code -500', async () => {
    expect(ops.length).toBeGreaterThan(200);
    const failures: string[] = [];
    let n = 0;
    let sent = 0;
    for (const [index, op] of ops.entries()) {
      const random = seededRandom(37_000 + index);
      const inputs = [
        ...Array.from({ length: VALID_PER_OPERATION }, () => validShaped(op, random)),
        ...hostile(op, random, HOSTILE_PER_OPERATION),
      ];
      for (const input of inputs) {
        for (const who of ['visitor', 'player'] as const) {
          if (who === 'player' && ENDS_SESSION.has(op.path)) continue;
          n += 1;
          const res = await app.inject(request(op, input, n, who === 'player' ? cookie : undefined));
          sent += 1;
          const what = `${who} ${op.method} ${op.path} ${JSON.stringify(input).slice(0, 160)}`;
          let body: unknown;
          try {
            body = res.json();
          } catch {
            failures.push(`${what} → ${res.statusCode} not JSON: ${res.body.slice(0, 80)}`);
            continue;
          }
          const envelope = failureEnvelope.safeParse(body);
          if (res.statusCode >= 500 || !envelope.success || envelope.data.code === -500)
            failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(ops.length * 10);
    expect(failures).toEqual([]);
    // the contract refuses every such value first (ids.ts, text.ts); the database never sees one
    expect(escaped).toEqual([]);
  }, 120_000);

  it('bounds every id field it documents: an integer within int8 (int4 where the row is int4), or a shaped string', () => {
    const loose: string[] = [];
    for (const op of ops)
      for (const [name, schema] of Object.entries(op.fields)) {
        // a type id (messageTypeId) is a code from a closed list, not a row
        if (!/^(id|ids)$|Ids?$/.test(name) || /TypeId$/.test(name)) continue;
        const type = typeOf(schema);
        const inner = (schema.anyOf ?? schema.oneOf)?.find((o) => o.type !== 'null') ?? schema;
        const max = INT4_ROWS.has(`${op.path} ${name}`) ? INT4_MAX : Number.MAX_SAFE_INTEGER;
        const bounded =
          type === 'integer'
            ? (inner.maximum ?? Number.POSITIVE_INFINITY) <= max &&
              (inner.minimum ?? inner.exclusiveMinimum ?? Number.NEGATIVE_INFINITY) >= 0
            : type === 'string' && (inner.maxLength !== undefined || 'pattern' in inner);
        if (!bounded) loose.push(`${op.method} ${op.path} ${name}: ${JSON.stringify(schema)}`);
      }
    expect(loose).toEqual([]);
  });

  it('keeps the player signed in through the run (the signed-in half was really signed in)', async () => {
    const res = json<boolean>(
      await app.inject({ method: 'GET', url: '/v1/users/isLogin', headers: { cookie } }),
    );
    expect(res.data).toBe(true);
  });
});
