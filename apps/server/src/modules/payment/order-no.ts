import { randomInt } from 'node:crypto';

/** `D202603011230451234567`: prefix, Beijing time to the second, 7 random digits. */
export function newOrderNo(prefix: 'D' | 'W', nowMs: number): string {
  const t = new Date(nowMs + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${t}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}
