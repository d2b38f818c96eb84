import { LOTTERIES, type LotteryDef } from '@lottery/rules/lotteries';
import {
  currentIssue,
  DAY_MS,
  type IssueTimes,
  issueAfter,
  issueContaining,
  issueTimes,
  lastDrawnIssue,
} from '@lottery/rules/schedule';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { type Database, isDatabaseUnavailable } from '../db/client';
import { runAgentReportDaily } from '../modules/agent/index';
import { settleIssue } from '../modules/betting/index';
import { runDiscoveryDaily } from '../modules/discovery/index';
import { drawChainIssue, ensureChain, readCursor, unsettledDraws } from '../modules/draw/index';
import { runYuebaoDaily } from '../modules/yuebao/index';

/**
 * The draw scheduler (DESIGN.md §6). Each tick, as the leader:
 * 1. publishes chain heads: the chain of the issue on sale and of the next business day exist
 *    (so a day's head is public long before its first issue);
 * 2. draws every house issue whose draw time has passed, in order, from the lottery's cursor —
 *    after downtime this catches up every missed issue, oldest first;
 * 3. settles drawn issues not yet settled, oldest first (house and official results alike).
 * Work per tick is bounded; the rest waits for the next tick. Time comes from the injectable clock,
 * so tests move the clock and call tick() instead of sleeping.
 *
 * Leadership: on PostgreSQL a tick runs only while holding a session advisory lock on a dedicated
 * connection (pg_try_advisory_lock, released at the end of the tick), so of several processes one
 * works at a time and a crashed leader's lock goes with its connection. The lock is held outside a
 * transaction so the server's idle-in-transaction timeout never cuts a long catch-up short. If the
 * lock connection is lost mid-tick (restart, failover, terminated backend) the tick stops before
 * its next draw or settlement: another process may already lead. Each draw and each settlement is
 * its own idempotent transaction, so a step cut short is redone once by whoever leads next.
 * PGlite is one process: always the leader.
 *
 * Outages: a tick that fails because the database is away is not an error per tick: the first is
 * logged, the next ticks back off (doubling up to MAX_BACKOFF_MS) and one line says when ticks
 * succeed again; the catch-up then draws and settles every missed issue in order.
 */

export interface SchedulerOptions {
  /** Start the timer when the app is built (main.ts does; tests call tick()). */
  start?: boolean;
  intervalMs?: number;
  /** Restrict to these house lottery codes (tests); default every house-drawn lottery. */
  lotteries?: readonly string[];
  /** Draws per lottery per tick. */
  maxDrawsPerLottery?: number;
  /** Issue settlements per tick. */
  maxSettlesPerTick?: number;
  /**
   * Also draw the official-result lotteries (FC3D, PL3/5, index stocks) from hash chains, for demo
   * and test sites without an official feed. Off: they wait for enterOfficialResult.
   */
  drawOfficialFromChain?: boolean;
}

export interface TickReport {
  leader: boolean;
  chains: number;
  drawn: number;
  settled: number;
  errors: number;
}

/** Advisory lock key the leader holds for the length of a tick. */
export const LEADER_LOCK_KEY = 726_302_001;

/** Longest pause between ticks while they keep failing (the database is away). */
export const MAX_BACKOFF_MS = 5000;

const NOT_LEADER: TickReport = { leader: false, chains: 0, drawn: 0, settled: 0, errors: 0 };

/** Thrown inside a tick when its leader session is gone: the tick stops where it is. */
class LeadershipLost extends Error {
  override readonly name = 'LeadershipLost';
}

export class DrawScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<TickReport> | undefined;
  private stopped = true;
  /** Ticks failed in a row; drives the backoff and the one-line outage log. */
  private failedTicks = 0;
  readonly lotteries: readonly LotteryDef[];

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: SchedulerOptions = {},
  ) {
    const only = options.lotteries ? new Set(options.lotteries) : undefined;
    this.lotteries = LOTTERIES.filter(
      (l) => (l.houseDrawn || options.drawOfficialFromChain) && (!only || only.has(l.code)),
    );
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      this.tick()
        .then(
          () => this.tickSucceeded(),
          (error: unknown) => this.tickFailed(error),
        )
        .finally(() => {
          if (!this.stopped) {
            this.timer = setTimeout(loop, this.nextDelayMs());
            this.timer.unref();
          }
        });
    };
    loop();
  }

  /** The tick interval, doubled for each failed tick in a row, up to MAX_BACKOFF_MS. */
  nextDelayMs(): number {
    const interval = this.options.intervalMs ?? 1000;
    if (this.failedTicks === 0) return interval;
    return Math.min(interval * 2 ** this.failedTicks, Math.max(interval, MAX_BACKOFF_MS));
  }

  private tickSucceeded(): void {
    if (this.failedTicks > 0) {
      this.log.warn(
        { failedTicks: this.failedTicks },
        'scheduler resumed: catching up missed draws in order',
      );
    }
    this.failedTicks = 0;
  }

  private tickFailed(error: unknown): void {
    this.failedTicks++;
    if (isDatabaseUnavailable(error) || error instanceof LeadershipLost) {
      // The database watch logs the outage itself; one line here, not one per tick.
      if (this.failedTicks === 1) this.log.warn({ err: error }, 'scheduler paused: database unavailable');
      return;
    }
    this.log.error({ err: error }, 'scheduler tick failed');
  }

  /** Stops the timer and waits for a tick in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.running) await this.running.catch(() => undefined);
  }

  /** One round of work (serialised within the process). */
  tick(): Promise<TickReport> {
    const previous = this.running ?? Promise.resolve(undefined);
    const next = previous.catch(() => undefined).then(() => this.leaderTick());
    this.running = next;
    return next;
  }

  private async leaderTick(): Promise<TickReport> {
    if (this.database.kind === 'pglite') return this.work();
    return this.database.withSession(async (session) => {
      const [row] = await session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        LEADER_LOCK_KEY,
      ]);
      if (!row?.locked) return NOT_LEADER;
      try {
        return await this.work(session.signal);
      } finally {
        // A lost session took its lock with it. If the unlock itself fails, the error makes
        // withSession destroy the connection, which releases the lock all the same.
        if (!session.signal.aborted) await session.query('SELECT pg_advisory_unlock($1)', [LEADER_LOCK_KEY]);
      }
    });
  }

  private async work(leadership?: AbortSignal): Promise<TickReport> {
    const report: TickReport = { leader: true, chains: 0, drawn: 0, settled: 0, errors: 0 };
    const stillLeader = () => {
      if (leadership?.aborted) throw new LeadershipLost('leader lock connection lost mid-tick');
    };
    const { db } = this.database;
    const maxDraws = this.options.maxDrawsPerLottery ?? 30;
    for (const lottery of this.lotteries) {
      try {
        const now = this.clock.now();
        for (const times of this.chainsToPublish(lottery, now)) {
          stillLeader();
          await ensureChain(db, lottery, times, now);
          report.chains++;
        }
        let next = await this.nextToDraw(lottery, now);
        let budget = maxDraws;
        while (next && next.drawMs <= now && budget-- > 0) {
          stillLeader();
          if (await drawChainIssue(db, lottery, next, this.clock.now())) report.drawn++;
          next = issueAfter(lottery, next);
        }
      } catch (error) {
        // Without the database (or the lock) the rest of the tick would only fail the same way.
        if (error instanceof LeadershipLost || isDatabaseUnavailable(error)) throw error;
        report.errors++;
        this.log.error({ err: error, lottery: lottery.code }, 'drawing failed');
      }
    }
    const pending = await unsettledDraws(db, this.options.maxSettlesPerTick ?? 100);
    for (const { lotteryCode, issue } of pending) {
      stillLeader();
      try {
        const result = await settleIssue(db, lotteryCode, issue, this.clock.now());
        if (result.outcome === 'settled') report.settled++;
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw error;
        report.errors++;
        // Issues settle independently: one that fails is retried next tick without holding up the rest.
        this.log.error({ err: error, lotteryCode, issue }, 'settlement failed');
      }
    }
    // Yesterday's discovery lists (winners, profit list), once per tenant and day (docs/discovery.md).
    try {
      stillLeader();
      await runDiscoveryDaily(db, this.clock.now());
    } catch (error) {
      if (error instanceof LeadershipLost || isDatabaseUnavailable(error)) throw error;
      report.errors++;
      this.log.error({ err: error }, 'discovery daily lists failed');
    }
    // Yuebao interest of every unpaid day (00:00 Beijing, caught up oldest first) and due pledge
    // orders; each day and each order is its own idempotent transaction (docs/yuebao.md).
    try {
      stillLeader();
      await runYuebaoDaily(db, this.clock.now(), stillLeader);
    } catch (error) {
      if (error instanceof LeadershipLost || isDatabaseUnavailable(error)) throw error;
      report.errors++;
      this.log.error({ err: error }, 'yuebao daily work failed');
    }
    // The agent reports' daily aggregates of every closed day not yet written (docs/agent.md).
    try {
      stillLeader();
      await runAgentReportDaily(db, this.clock.now(), stillLeader);
    } catch (error) {
      if (error instanceof LeadershipLost || isDatabaseUnavailable(error)) throw error;
      report.errors++;
      this.log.error({ err: error }, 'agent report aggregates failed');
    }
    return report;
  }

  /** The issue on sale and one a business day later (or the next draw for daily schedules). */
  private chainsToPublish(lottery: LotteryDef, now: number): IssueTimes[] {
    const current = currentIssue(lottery, now);
    const ahead =
      lottery.schedule.kind === 'interval'
        ? issueContaining(lottery, current.drawMs + DAY_MS)
        : issueAfter(lottery, current);
    return [current, ahead];
  }

  private async nextToDraw(lottery: LotteryDef, now: number): Promise<IssueTimes | undefined> {
    const cursor = await readCursor(this.database.db, lottery.code);
    if (cursor) {
      const last = issueTimes(lottery, cursor.lastIssue);
      return last && issueAfter(lottery, last);
    }
    // First run: start with the latest issue whose draw time has passed.
    return lastDrawnIssue(lottery, now);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: DrawScheduler;
  }
}
