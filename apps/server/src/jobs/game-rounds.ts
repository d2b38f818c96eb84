import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { type Database, isDatabaseUnavailable } from '../db/client';
import { type GameRooms, type LoopReport, runGameRounds } from '../modules/games/index';

/**
 * The table games' round loop (docs/games.md): every `intervalMs` the leader runs one pass of
 * runGameRounds. Leadership as the draw scheduler (jobs/scheduler.ts): on PostgreSQL a pass runs
 * only while this process holds a session advisory lock (its own key, so a long draw catch-up does
 * not delay a phase change), on PGlite always. Every step is a conditional update in the database,
 * so a pass cut short is finished by whoever leads next, and a round settles exactly once.
 */

export const GAME_LOOP_LOCK_KEY = 726_302_016;

export interface GameLoopOptions {
  intervalMs?: number;
  /** The pace while no tenant plays table games and no round is open (the default site). */
  idleIntervalMs?: number;
}

/** While table games are off everywhere, a pass every few seconds notices them being turned on. */
const IDLE_INTERVAL_MS = 5000;

export class GameRoundLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<LoopReport | null> | undefined;
  private stopped = true;
  private failing = false;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly rooms: GameRooms,
    private readonly log: FastifyBaseLogger,
    private readonly options: GameLoopOptions = {},
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      let idle = false;
      this.tick()
        .then(
          (report) => {
            idle = report === null || !report.active;
            if (this.failing) this.log.warn('game round loop resumed');
            this.failing = false;
          },
          (error: unknown) => {
            if (!this.failing || !isDatabaseUnavailable(error))
              this.log.error({ err: error }, 'game round loop failed');
            this.failing = true;
          },
        )
        .finally(() => {
          if (this.stopped) return;
          const pace = idle
            ? (this.options.idleIntervalMs ?? IDLE_INTERVAL_MS)
            : (this.options.intervalMs ?? 250);
          this.timer = setTimeout(loop, pace);
          this.timer.unref();
        });
    };
    loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.running) await this.running.catch(() => undefined);
  }

  /** One pass (serialised within the process); null when another process leads. */
  tick(): Promise<LoopReport | null> {
    const previous = this.running ?? Promise.resolve(null);
    const next = previous.catch(() => null).then(() => this.leaderPass());
    this.running = next;
    return next;
  }

  private async leaderPass(): Promise<LoopReport | null> {
    if (this.database.kind === 'pglite') return runGameRounds(this.database.db, this.rooms, this.clock.now());
    return this.database.withSession(async (session) => {
      const [row] = await session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        GAME_LOOP_LOCK_KEY,
      ]);
      if (!row?.locked) return null;
      try {
        return await runGameRounds(this.database.db, this.rooms, this.clock.now(), () => {
          if (session.signal.aborted) throw new Error('game loop leadership lost');
        });
      } finally {
        if (!session.signal.aborted)
          await session.query('SELECT pg_advisory_unlock($1)', [GAME_LOOP_LOCK_KEY]);
      }
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    gameLoop: GameRoundLoop;
    gameRooms: GameRooms;
  }
}
