import type { z } from 'zod';

/**
 * One API call as both sides see it: the server validates `request` and answers `data` inside the
 * envelope; the OpenAPI document (/v1/openapi.json) is generated from these lists.
 */
export interface Endpoint {
  method: 'GET' | 'POST';
  /** Path after /v1/. */
  path: string;
  summary: string;
  /** Query (GET) or form body (POST). */
  request?: z.ZodType;
  /** The `data` of a code-1 reply. */
  data?: z.ZodType;
  /** Needs a session (code 0 otherwise). */
  login?: boolean;
}
