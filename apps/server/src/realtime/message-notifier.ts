import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { latestMessageId, newMessageRecipients } from '../modules/content/index';
import type { Hub } from './hub';

/** How often each process looks for new personal messages. */
export const MESSAGE_POLL_MS = 2000;

/**
 * Tells players with an account socket (type 7) on this process that a personal message arrived
 * (frame 18, 您有一条新的消息). docs/content.md, "New-message frame".
 *
 * Messages are written by `sendMessage` in this process, by the operator CLI in another process,
 * or by hand in SQL, so the table is the one place that sees them all: each process polls it
 * instead of being told. A tick is one primary-key lookup (the highest id); only when it moved and
 * this process holds account sockets does a range scan of the new ids, limited to those users,
 * follow, then one count of their unread rows (partial index). Frames go to this process's own
 * sockets only, never through the bus, so with several processes each socket gets one frame.
 *
 * The watermark starts at the highest id when the server becomes ready and only moves forward, so
 * a message older than a socket is never announced to it. A message whose id was taken before a
 * later one committed (two inserts racing) can fall behind the watermark; the web's one-minute
 * poll of `users/unReadMessage` is the backstop for that and for a socket that was down.
 */
export class MessageNotifier {
  private lastId = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly hub: Hub,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = MESSAGE_POLL_MS,
  ) {}

  /** Reads the watermark, then polls every `intervalMs` (0: no timer, callers run `tick`). */
  async start(): Promise<void> {
    this.stopped = false;
    this.lastId = await latestMessageId(this.db);
    if (this.intervalMs <= 0) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a tick under way, so the database is not closed under it. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** One poll; a tick already under way is joined, not doubled. Never throws (logs). */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.poll()
      .catch((error) => this.log.error({ err: error }, 'message notifier tick failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async poll(): Promise<void> {
    const top = await latestMessageId(this.db);
    if (top <= this.lastId) return; // nothing new (or the newest rows were deleted)
    const range = { afterId: this.lastId, upToId: top };
    this.lastId = top;
    const recipients = await newMessageRecipients(this.db, range, this.hub.accountUserIds());
    for (const r of recipients) {
      if (r.messageCount > 0) {
        this.hub.toLocalAccount(r.userId, { code: 18, data: { messageCount: r.messageCount } });
      }
    }
  }
}
