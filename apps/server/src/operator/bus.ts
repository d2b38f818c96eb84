import type { FastifyBaseLogger } from 'fastify';
import { type Bus, type BusMessage, MemoryBus, RedisBus } from '../realtime/bus';

/** The command line has no request log; bus warnings go to stderr. */
export const cliLog = {
  warn: (obj: object, msg: string) => console.error(msg, obj),
  info: () => undefined,
  error: (obj: object, msg: string) => console.error(msg, obj),
} as unknown as FastifyBaseLogger;

/**
 * The servers' bus (Redis, the tenant's chat channel) as a command sees it: with REDIS_URL what
 * it publishes reaches every server process at once; without it the servers share no bus with
 * this process (an in-process one stands in) and their sockets learn the change on reconnect.
 */
export async function serversBus(config: { REDIS_URL?: string; TENANT_CODE: string }): Promise<Bus> {
  return config.REDIS_URL
    ? RedisBus.connect(config.REDIS_URL, `chat:${config.TENANT_CODE}`, cliLog)
    : new MemoryBus();
}

/** One message to every server process through their bus, from a command. */
export async function publishToServers(
  config: { REDIS_URL?: string; TENANT_CODE: string },
  message: BusMessage,
): Promise<'sent' | 'no-redis' | 'unreachable'> {
  if (!config.REDIS_URL) return 'no-redis';
  const bus = await serversBus(config);
  try {
    if (bus.isDown()) return 'unreachable';
    await bus.publish(message);
    return 'sent';
  } finally {
    await bus.close();
  }
}
