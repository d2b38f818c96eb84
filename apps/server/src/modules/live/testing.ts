import type { LiveServerFrame } from '@lottery/contract/live';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

/** A live socket opened by a test, with every frame it heard. */
export interface LiveWatcher {
  ws: WebSocket;
  frames: LiveServerFrame[];
  closed: Promise<number>;
}

/**
 * Real WebSocket watchers of /v1/live/socket on `app` (listening on a free port at first use), and
 * a wait for a frame of a type (a `drawn` one of an issue).
 */
export function liveWatchers(app: FastifyInstance) {
  let base: string | undefined;
  const open = async (query: string, headers: Record<string, string> = {}): Promise<LiveWatcher> => {
    base ??= (await app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws');
    const ws = new WebSocket(`${base}/v1/live/socket?${query}`, { headers });
    const frames: LiveServerFrame[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(data.toString())));
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    return { ws, frames, closed };
  };
  const until = async <T extends LiveServerFrame['type']>(c: LiveWatcher, type: T, issue?: string) => {
    for (let i = 0; i < 300; i++) {
      const f = c.frames.find(
        (x) => x.type === type && (!issue || (x.type === 'drawn' && x.draw.issue === issue)),
      );
      if (f) return f as Extract<LiveServerFrame, { type: T }>;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no ${type} frame in ${JSON.stringify(c.frames)}`);
  };
  return { open, until };
}
