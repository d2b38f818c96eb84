import { accountEndpoints } from '@lottery/contract/account';
import { bettingEndpoints } from '@lottery/contract/betting';
import { drawEndpoints } from '@lottery/contract/draw';
import type { Endpoint } from '@lottery/contract/endpoint';
import { siteEndpoints } from '@lottery/contract/site';
import { z } from 'zod';

/** Endpoint lists published in /v1/openapi.json; each area adds its contract list here. */
export const ENDPOINT_GROUPS: Record<string, readonly Endpoint[]> = {
  account: accountEndpoints,
  site: siteEndpoints,
  draw: drawEndpoints,
  betting: bettingEndpoints,
};

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function envelope(data: JsonSchema | undefined): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg'],
    properties: {
      code: {
        type: 'integer',
        description: '1 success, 0 session expired, others: packages/contract/src/codes.ts',
      },
      msg: { type: 'string' },
      ...(data ? { data } : {}),
    },
  };
}

/** OpenAPI 3.1 generated from the contract's zod schemas. */
export function openApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [tag, endpoints] of Object.entries(ENDPOINT_GROUPS)) {
    for (const e of endpoints) {
      const request = e.request ? schemaOf(e.request, 'input') : undefined;
      const operation: Record<string, unknown> = {
        tags: [tag],
        summary: e.summary,
        ...(e.login ? { security: [{ sid: [] }] } : {}),
        responses: {
          '200': {
            description: 'Envelope; code 1 carries data',
            content: {
              'application/json': { schema: envelope(e.data ? schemaOf(e.data, 'output') : undefined) },
            },
          },
        },
      };
      if (request && e.method === 'GET') {
        const props = (request.properties ?? {}) as Record<string, JsonSchema>;
        const required = new Set((request.required as string[] | undefined) ?? []);
        operation.parameters = Object.entries(props).map(([name, schema]) => ({
          name,
          in: 'query',
          required: required.has(name),
          schema,
        }));
      } else if (request) {
        operation.requestBody = {
          content: {
            'application/x-www-form-urlencoded': { schema: request },
            'application/json': { schema: request },
          },
        };
      }
      paths[`/v1/${e.path}`] = { ...paths[`/v1/${e.path}`], [e.method.toLowerCase()]: operation };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lottery platform API',
      version: '1',
      description:
        'Every path is also reachable as /v1/enpath/{base64 of the path after /v1/}. See docs/api.md.',
    },
    components: { securitySchemes: { sid: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    paths,
  };
}
