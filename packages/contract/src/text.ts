import type { z } from 'zod';
import { z as zod } from 'zod';

/**
 * Text the database can hold. PostgreSQL's text types cannot store U+0000 (it raises 22021 /
 * 22P05), so a NUL byte in a request is a malformed parameter, refused by the contract before any
 * handler runs: `endpoint()` puts `refuseNul` on every call's request, whatever its fields
 * (endpoint.ts), and `Text` is the same rule for a single field outside a call (a socket frame).
 */

const NUL = '\u0000';

/** The path of the first string holding a NUL inside `value` (plain objects and arrays), or undefined. */
export function nulPath(
  value: unknown,
  path: (string | number)[] = [],
  depth = 0,
): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path : undefined;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulPath(item, [...path, i], depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nulPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The parameter-error text for a NUL: `<field> 格式不正确`, as the server words zod's format issues. */
function nulMessage(path: (string | number)[]): string {
  return `${path.length ? path.join('.') : '参数'} 格式不正确`;
}

/** A refinement for a whole request: no string anywhere in it holds a NUL. */
export function refuseNul(input: unknown, ctx: z.RefinementCtx): void {
  const path = nulPath(input);
  if (path) ctx.addIssue({ code: 'custom', path, message: nulMessage(path), input });
}

/** One text field without NUL. */
export const Text = zod.string().refine((s) => !s.includes(NUL), { message: nulMessage([]) });
