import { createClient } from 'redis';

type Callback = (err: Error | null, result?: unknown) => void;
const newClient = (url: string) => createClient({ url });

/**
 * The client shape @fastify/rate-limit's built-in RedisStore expects (ioredis' defineCommand),
 * over a node-redis connection: each defined command runs its Lua script with EVAL. With this
 * store every process on one Redis shares the same per-IP counters.
 */
export interface RateLimitRedis {
  defineCommand(name: string, definition: { numberOfKeys: number; lua: string }): void;
  [command: string]: unknown;
  /** The connection, for attempt counters of our own and for closing. */
  readonly client: ReturnType<typeof newClient>;
}

export async function connectRateLimitRedis(
  url: string,
  onError: (error: Error) => void,
): Promise<RateLimitRedis> {
  const client = newClient(url);
  client.on('error', onError);
  await client.connect();
  const adapter: RateLimitRedis = {
    client,
    defineCommand(name, { numberOfKeys, lua }) {
      adapter[name] = (...args: unknown[]) => {
        const cb = args.pop() as Callback;
        const keys = args.slice(0, numberOfKeys).map(String);
        const rest = args.slice(numberOfKeys).map(String);
        client.eval(lua, { keys, arguments: rest }).then(
          (result) => cb(null, result),
          (error: Error) => cb(error),
        );
      };
    },
  };
  return adapter;
}

const HIT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return current`;

/** One attempt against a fixed window shared by every process; false when over `max`. */
export async function redisHit(
  redis: RateLimitRedis,
  key: string,
  max: number,
  windowMs: number,
): Promise<boolean> {
  const current = await redis.client.eval(HIT, { keys: [key], arguments: [String(windowMs)] });
  return Number(current) <= max;
}
