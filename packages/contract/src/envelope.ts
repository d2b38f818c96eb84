import { z } from 'zod';
import { Codes } from './codes';

/** Every reply: HTTP 200 with `{ code, msg, data? }`; code 1 = success. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data: data.optional() });
}

export function ok<T>(data?: T, msg: string = Codes.OK.msg): Envelope<T> {
  return data === undefined ? { code: Codes.OK.code, msg } : { code: Codes.OK.code, msg, data };
}

export function isOk<T>(reply: Envelope<T>): reply is Envelope<T> & { code: 1 } {
  return reply.code === Codes.OK.code;
}
