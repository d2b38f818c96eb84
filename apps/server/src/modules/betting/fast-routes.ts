import type { FastifyInstance } from 'fastify';

/** betting/addFastBetting: instant private draws (连续开奖). Scaffold: built this session. */
export async function fastBetRoutes(_app: FastifyInstance): Promise<void> {}
