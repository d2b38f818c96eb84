import { describe, expect, it } from 'vitest';
import { formatTrail, parseTrail } from './trail';

describe('the drill-down trail in the URL', () => {
  it('round-trips ids and names', () => {
    const steps = [
      { userId: 12, userName: 'agent_a' },
      { userId: 34, userName: 'Kid01' },
    ];
    expect(formatTrail(steps)).toBe('12:agent_a,34:Kid01');
    expect(parseTrail(formatTrail(steps))).toEqual(steps);
  });
  it('drops a trail that was tampered with rather than half-reading it', () => {
    expect(parseTrail(null)).toEqual([]);
    expect(parseTrail('12:a,<script>')).toEqual([]);
    expect(parseTrail('x:agent')).toEqual([]);
    expect(parseTrail('9:subag1,9:subag1,9:subag1')).toEqual([]);
  });
});
