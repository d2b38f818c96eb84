import { describe, expect, it } from 'vitest';
import { isThirteenDigits, MAX_SAMPLES, measureOffset } from './server-time';

/** A scripted clock and server: each sample takes `roundTrips[i]` ms and the server is `skew` ahead. */
function scripted(roundTrips: number[], skewMs: number, answers?: (string | Error)[]) {
  let now = 1_700_000_000_000;
  let i = 0;
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    deps: {
      now: () => now,
      fetchServerTime: async () => {
        const index = i++;
        calls++;
        const trip = roundTrips[index] ?? 100;
        now += trip / 2;
        const answer = answers?.[index] ?? String(now + skewMs);
        now += trip / 2;
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
  };
}

describe('server time sync', () => {
  it('keeps the sample with the lowest round trip', async () => {
    const run = scripted([300, 120, 200, 400, 150], 5000);
    await expect(measureOffset(run.deps)).resolves.toBe(5000);
    expect(run.calls).toBe(MAX_SAMPLES);
  });

  it('rejects samples whose round trip is over 1000 ms', async () => {
    const run = scripted([1200, 1500, 1001, 2000, 3000], 0);
    await expect(measureOffset(run.deps)).resolves.toBeUndefined();
  });

  it('rejects answers that are not 13 digits, and survives failed calls', async () => {
    const run = scripted([100, 100, 100, 100, 100], 42, [
      '17000',
      'abc',
      new Error('down'),
      '17000000000000',
      undefined as never,
    ]);
    await expect(measureOffset(run.deps)).resolves.toBe(42);
  });

  it('gives up after 5 samples without a valid one', async () => {
    const run = scripted([100, 100, 100, 100, 100, 100], 0, ['x', 'x', 'x', 'x', 'x', 'x']);
    await expect(measureOffset(run.deps)).resolves.toBeUndefined();
    expect(run.calls).toBe(5);
  });

  it('checks the 13-digit rule', () => {
    expect(isThirteenDigits('1763000000000')).toBe(true);
    expect(isThirteenDigits(1763000000000)).toBe(true);
    expect(isThirteenDigits('176300000000')).toBe(false);
    expect(isThirteenDigits('1763000000000.5')).toBe(false);
  });
});
