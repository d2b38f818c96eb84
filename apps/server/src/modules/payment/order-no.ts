import { randomInt } from 'node:crypto';
import { beijingStamp } from '@lottery/rules/beijing';

/** `D202603011230451234567`: prefix, Beijing time to the second, 7 random digits. */
export function newOrderNo(prefix: 'D' | 'W', nowMs: number): string {
  return `${prefix}${beijingStamp(nowMs)}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}
