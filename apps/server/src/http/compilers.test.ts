import { successEnvelope } from '@lottery/contract/endpoint';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerCompilers, transformIn } from './compilers';

describe('reply encoding', () => {
  it('finds a transform anywhere in a response schema, and none in a plain one', () => {
    const row = z.object({ id: z.number(), name: z.string().nullable() });
    expect(transformIn(successEnvelope(z.object({ rows: z.array(row), total: z.number() })))).toBeUndefined();
    const lowered = z.string().transform((s) => s.toLowerCase());
    expect(transformIn(successEnvelope(z.object({ rows: z.array(z.object({ name: lowered })) })))).toBe(
      'data.data.rows.element.name',
    );
    expect(transformIn(z.union([z.number(), z.string().pipe(z.coerce.number())]))).toBe('data.1');
    expect(transformIn(z.record(z.string(), z.optional(lowered)))).toBe('data.valueType.innerType');
  });

  it('refuses a reply with fields its schema lacks in tests, strips them in production', async () => {
    const data = z.object({ balance: z.string() });
    const schema = z.union([successEnvelope(data), z.object({ code: z.number() })]);
    const answer = async (production: boolean) => {
      const app = Fastify();
      registerCompilers(app, production);
      app.get('/balance', { schema: { response: { 200: schema } } }, async () => ({
        code: 1,
        msg: 'ok',
        data: { balance: '1.00', secret: 'dropped' },
      }));
      return (await app.inject('/balance')).json();
    };
    expect((await answer(false)).message).toMatch(/fields its response schema does not describe/);
    expect(await answer(true)).toEqual({ code: 1, msg: 'ok', data: { balance: '1.00' } });
  });

  it('refuses a route whose response schema transforms', async () => {
    const broken = Fastify();
    registerCompilers(broken, false);
    broken.get(
      '/bad',
      { schema: { response: { 200: z.object({ n: z.string().transform(Number) }) } } },
      async () => ({
        n: '1',
      }),
    );
    await expect(broken.ready()).rejects.toThrow(/may not transform \(data\.n\)/);
  });
});
