import type { FastifyInstance } from 'fastify';

/** Account records read from the ledger (今日已结, 返水明细). Scaffold: built this session. */
export default async function recordsRoutes(_app: FastifyInstance): Promise<void> {}
