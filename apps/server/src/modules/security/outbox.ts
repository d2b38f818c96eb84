import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/sql';

/**
 * SMS and mail leave through the outbox: a row per message, then the gateway adapter. No gateway
 * is configured by default, so the adapter only logs and the operator reads the outbox with
 * `npm run admin -- outbox`. A real gateway implements `MessageGateway` and marks rows delivered.
 */
export type OutboxChannel = 'sms' | 'mail';

export interface MessageGateway {
  deliver(message: { id: number; channel: OutboxChannel; target: string; body: string }): Promise<boolean>;
}

export function logGateway(log: { info(obj: object, msg: string): void }): MessageGateway {
  return {
    async deliver(message) {
      log.info(
        { outboxId: message.id, channel: message.channel, target: message.target },
        'outbox message queued',
      );
      return false;
    },
  };
}

export async function enqueue(
  db: Executor,
  gateway: MessageGateway,
  message: { channel: OutboxChannel; target: string; body: string },
  nowMs: number,
): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO outbox_message (channel, target, body, created_at)
        VALUES (${message.channel}, ${message.target}, ${message.body}, ${nowMs}) RETURNING id::text`,
  );
  const id = Number(row!.id);
  if (await gateway.deliver({ id, ...message })) {
    await db.execute(sql`UPDATE outbox_message SET delivered_at = ${nowMs} WHERE id = ${id}`);
  }
  return id;
}

export type OutboxRow = {
  id: number;
  channel: string;
  target: string;
  body: string;
  createdAt: number;
  delivered: boolean;
};

export async function readOutbox(db: Executor, limit: number): Promise<OutboxRow[]> {
  const rows = await queryRows<{
    id: string;
    channel: string;
    target: string;
    body: string;
    created_at: string;
    delivered_at: string | null;
  }>(
    db,
    sql`SELECT id::text, channel, target, body, created_at::text, delivered_at::text FROM outbox_message
        ORDER BY outbox_message.id DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    channel: r.channel,
    target: r.target,
    body: r.body,
    createdAt: Number(r.created_at),
    delivered: r.delivered_at !== null,
  }));
}
