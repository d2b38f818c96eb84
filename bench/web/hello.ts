/**
 * The yardstick of bench/web/ssr.ts, in a process of its own (as the app measured is): a bare
 * Fastify hello-world. Sends its origin to the parent over IPC and runs until killed.
 */
import Fastify from 'fastify';

const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));
process.send!(await hello.listen({ port: 0, host: '127.0.0.1' }));
