import type { FastifyInstance } from 'fastify';
import paymentCallbackRoutes from './callback';
import { depositRoutes } from './deposit-routes';
import { payoutAccountRoutes } from './payout-account-routes';
import { paymentRouteKit } from './route-support';
import { withdrawalRoutes } from './withdrawal-routes';

/**
 * Deposits, withdrawals and payout accounts (spec/platform.md §7 Wallet and payment, Account), each
 * in its own file by what the reader is looking for; the provider callbacks beside them.
 */
export default async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const kit = paymentRouteKit(app.ctx);
  await app.register(paymentCallbackRoutes);
  await depositRoutes(app, kit);
  await withdrawalRoutes(app, kit);
  await payoutAccountRoutes(app, kit);
}
export { default as sandboxRoutes } from './sandbox';
