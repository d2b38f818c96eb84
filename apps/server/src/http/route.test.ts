import { Codes } from '@lottery/contract/codes';
import { endpoint } from '@lottery/contract/endpoint';
import { ok } from '@lottery/contract/envelope';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEnvelope } from '../plugins/envelope';
import { registerFormBody } from '../plugins/formbody';
import { json, testApp } from '../test/app';
import { registerCompilers } from './compilers';
import { route } from './route';

const Echo = endpoint({
  method: 'GET',
  path: 'test/echo',
  summary: 'echo',
  request: z.object({ n: z.coerce.number().int().min(1, '数量不正确') }),
  data: z.object({ n: z.number() }),
});
const Secret = endpoint({
  method: 'POST',
  path: 'test/secret',
  summary: 'login needed',
  request: z.object({ n: z.coerce.number().int() }),
  data: z.object({ n: z.number() }),
  login: true,
});
const Broken = endpoint({
  method: 'GET',
  path: 'test/broken',
  summary: 'answers data that its schema refuses',
  data: z.object({ n: z.number() }),
});

type JsonSchema = {
  properties: Record<string, JsonSchema>;
  items: JsonSchema;
  required: string[];
  anyOf: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
};
type Operation = {
  security: unknown;
  parameters: { name: string }[];
  responses: Record<string, { content: Record<string, { schema: JsonSchema }> }>;
};
type OpenApiDoc = { openapi: string; paths: Record<string, Record<string, Operation>> };

async function miniApp(production: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorateRequest('user', null);
  app.decorateRequest('sessionState', 'none');
  registerCompilers(app, production);
  registerFormBody(app);
  registerEnvelope(app);
  await app.register(
    async (v1) => {
      route(v1, Echo, async (request) => ok({ n: request.query.n }));
      route(v1, Secret, async (request) => ok({ n: request.body.n }));
      // a handler whose data slipped past its type: what the serializer must catch
      route(v1, Broken, async () => ok({ n: 'one' as unknown as number }));
    },
    { prefix: '/v1' },
  );
  return app;
}

describe('route(): every call through its contract schemas', async () => {
  const app = await miniApp(false);
  afterAll(() => app.close());

  it('parses the query by the request schema and serialises the data by the data schema', async () => {
    expect(json(await app.inject({ url: '/v1/test/echo?n=3' }))).toEqual({
      code: 1,
      msg: '操作成功～',
      data: { n: 3 },
    });
  });

  it('answers a refused input with -2 and the schema message, as parse() did', async () => {
    expect(json(await app.inject({ url: '/v1/test/echo?n=0' }))).toEqual({
      code: Codes.INVALID_PARAM.code,
      msg: '数量不正确',
    });
    const missing = json(await app.inject({ url: '/v1/test/echo' }));
    expect(missing.code).toBe(Codes.INVALID_PARAM.code);
    // zod's own English never reaches a player: the field and the problem in Chinese
    expect(missing.msg).toBe('n 格式不正确');
    expect(json(await app.inject({ url: '/v1/test/echo?n=abc' })).msg).toBe('n 格式不正确');
    expect(json(await app.inject({ url: '/v1/test/echo?n=1.5' })).msg).toBe('n 格式不正确');
  });

  it('checks the login before the input: a visitor gets code 0 whatever he sends', async () => {
    const reply = await app.inject({
      method: 'POST',
      url: '/v1/test/secret',
      payload: 'n=oops',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(json(reply).code).toBe(Codes.SESSION_EXPIRED.code);
  });

  it('refuses a code-1 reply whose data does not match its schema (500 outside production)', async () => {
    const reply = await app.inject({ url: '/v1/test/broken' });
    expect(reply.statusCode).toBe(500);
    expect(json(reply).code).toBe(Codes.SERVER_ERROR.code);
  });

  it('in production sends that reply as built and logs the mismatch', async () => {
    const prod = await miniApp(true);
    const reply = await prod.inject({ url: '/v1/test/broken' });
    expect(json(reply)).toEqual({ code: 1, msg: '操作成功～', data: { n: 'one' } });
    await prod.close();
  });
});

describe('/v1/openapi.json from the registered routes', async () => {
  const { app } = await testApp();
  afterAll(() => app.close());
  const doc = (await app.inject({ url: '/v1/openapi.json' })).json<OpenApiDoc>();

  it('is OpenAPI 3.1 with the call, its query, its login and its reply envelope', () => {
    expect(doc.openapi).toBe('3.1.0');
    const records = doc.paths['/v1/balance/getTransactionRecordsFront']!.get!;
    expect(records.security).toEqual([{ sid: [] }]);
    expect(records.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['pageNum', 'pageSize', 'period', 'type']),
    );
    const reply = records.responses['200']!.content['application/json']!.schema;
    const success = reply.anyOf[0]!;
    const code = success.properties.code!;
    expect(code.enum ?? [code.const]).toEqual([1]);
    expect(success.properties.data!.properties.rows!.items.required).toContain('balanceAfter');
  });

  it('lists no route outside /v1 and not itself', () => {
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/v1/'))).toBe(true);
    expect(doc.paths['/v1/openapi.json']).toBeUndefined();
  });

  it('documents every /v1 call with its reply schema (a route outside route() has none)', () => {
    const bare = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => !op.responses['200']?.content)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(bare).toEqual([]);
  });
});
