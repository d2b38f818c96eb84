import type { Database } from '../../db/client';

/**
 * Store one client event and trim its kind to the newest `cap` rows, so a chatty or hostile client
 * cannot grow the table without bound.
 */
export async function storeClientEvent(
  database: Database,
  event: { tenantId: number; kind: string; userId: number | null; ip: string; payload: unknown; now: number },
  cap: number,
): Promise<void> {
  await database.query(
    'INSERT INTO client_events (tenant_id, kind, user_id, ip, payload, created_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)',
    [event.tenantId, event.kind, event.userId, event.ip, JSON.stringify(event.payload ?? {}), event.now],
  );
  await database.query(
    `DELETE FROM client_events WHERE kind = $1 AND id <= (
       SELECT id FROM client_events WHERE kind = $1 ORDER BY id DESC OFFSET $2 LIMIT 1)`,
    [event.kind, cap],
  );
}

export async function countClientEvents(database: Database, kind: string): Promise<number> {
  const [row] = await database.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM client_events WHERE kind = $1',
    [kind],
  );
  return Number(row?.n ?? 0);
}

export type ClientEventRow = {
  id: string;
  kind: string;
  user_id: string | null;
  ip: string | null;
  payload: unknown;
  created_at: string;
};

/** The newest stored events of a kind (all kinds when null), newest first. */
export async function latestClientEvents(
  database: Database,
  kind: string | null,
  limit: number,
): Promise<ClientEventRow[]> {
  return database.query<ClientEventRow>(
    `SELECT id::text, kind, user_id::text, ip, payload, created_at::text FROM client_events
     WHERE ($1::text IS NULL OR kind = $1) ORDER BY client_events.id DESC LIMIT $2`,
    [kind, limit],
  );
}
