import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { containStrayFaults, MAX_CONTAINED_FAULTS } from './last-resort';

function logger() {
  return { error: vi.fn(), fatal: vi.fn() } as unknown as FastifyBaseLogger & {
    error: ReturnType<typeof vi.fn>;
    fatal: ReturnType<typeof vi.fn>;
  };
}

describe('last-resort guard', () => {
  it('logs a stray exception or rejection and keeps the process serving', () => {
    const proc = new EventEmitter();
    const log = logger();
    const sick = vi.fn();
    containStrayFaults(proc, log, sick);
    proc.emit('uncaughtException', new TypeError("Cannot read properties of null (reading 'code')"));
    proc.emit('unhandledRejection', new Error('timer callback failed'));
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error.mock.calls[0]![1]).toBe('uncaught exception contained by the last-resort guard');
    expect(sick).not.toHaveBeenCalled();
  });

  it('restarts through onSick when faults burst, not when they are spread out', () => {
    const proc = new EventEmitter();
    const log = logger();
    const sick = vi.fn();
    let t = 0;
    containStrayFaults(proc, log, sick, 60_000, () => t);
    for (let i = 0; i < MAX_CONTAINED_FAULTS * 3; i++) {
      t += 10_000; // six a minute: spread out
      proc.emit('uncaughtException', new Error('rare'));
    }
    expect(sick).not.toHaveBeenCalled();
    for (let i = 0; i <= MAX_CONTAINED_FAULTS; i++) proc.emit('uncaughtException', new Error('burst'));
    expect(sick).toHaveBeenCalledTimes(1);
    expect(log.fatal).toHaveBeenCalledTimes(1);
  });
});
