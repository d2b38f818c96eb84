import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';

/** More contained faults than this within `windowMs` means the process is sick: restart it. */
export const MAX_CONTAINED_FAULTS = 10;

/**
 * The last-resort guard: an exception or rejection that escaped every socket, timer and request
 * handler is logged and contained, so one bad frame or callback never takes every player's service
 * down. A burst of them is no longer a stray fault; then `onSick` runs (a graceful exit, after
 * which the supervisor, cluster.ts or systemd, starts a fresh process).
 */
export function containStrayFaults(
  proc: EventEmitter,
  log: FastifyBaseLogger,
  onSick: () => void,
  windowMs = 60_000,
  now: () => number = Date.now,
): void {
  let recent: number[] = [];
  const contain = (kind: string) => (error: unknown) => {
    const t = now();
    recent = recent.filter((at) => t - at < windowMs);
    recent.push(t);
    log.error({ err: error, contained: recent.length }, `${kind} contained by the last-resort guard`);
    if (recent.length > MAX_CONTAINED_FAULTS) {
      log.fatal({ faults: recent.length, windowMs }, 'too many stray faults: restarting the process');
      recent = [];
      onSick();
    }
  };
  proc.on('uncaughtException', contain('uncaught exception'));
  proc.on('unhandledRejection', contain('unhandled rejection'));
}
