/**
 * Bench child: opens `count` sockets to `url` (query appended), answers pings, and records the
 * latency of every code-1 event (now - gmtCreated) in 1 ms buckets. Driven over IPC.
 */
import { WebSocket } from 'ws';

type Start = { cmd: 'open'; url: string; query: string; count: number; cookies: string[]; inFlight: number };
type Command = Start | { cmd: 'measure' } | { cmd: 'report' } | { cmd: 'close' };

const sockets: WebSocket[] = [];
const BUCKETS = 20_000;
let hist = new Uint32Array(BUCKETS + 1);
let received = 0;
let measuring = false;
let closedEarly = 0;

function open(url: string, cookie: string): Promise<WebSocket | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers: cookie ? { cookie } : {}, perMessageDeflate: false });
    let settled = false;
    const done = (v: WebSocket | null) => {
      if (!settled) {
        settled = true;
        resolve(v);
      }
    };
    ws.on('message', (data) => {
      const text = data.toString();
      if (text.startsWith('{"code":6')) {
        ws.send('{"code":6,"data":"pong"}');
        return;
      }
      if (text.startsWith('{"code":2')) return done(ws);
      if (!measuring || !text.startsWith('{"code":1')) return;
      const at = text.indexOf('"gmtCreated":');
      const sentAt = Number(text.slice(at + 13, text.indexOf(',', at)));
      const ms = Math.max(0, Math.min(BUCKETS, Date.now() - sentAt));
      hist[ms]! += 1;
      received += 1;
    });
    ws.on('open', () => {
      // the bare server sends no connect result: open is enough
      if (!cookie) done(ws);
    });
    ws.on('error', () => done(null));
    ws.on('close', () => {
      if (settled) closedEarly += 1;
      done(null);
    });
  });
}

process.on('message', async (m: Command) => {
  if (m.cmd === 'open') {
    const started = performance.now();
    let next = 0;
    let failed = 0;
    const worker = async () => {
      while (next < m.count) {
        const i = next++;
        const ws = await open(`${m.url}?${m.query}`, m.cookies[i % m.cookies.length]!);
        if (ws) sockets.push(ws);
        else failed += 1;
      }
    };
    await Promise.all(Array.from({ length: m.inFlight }, worker));
    process.send?.({ opened: sockets.length, failed, ms: performance.now() - started });
  }
  if (m.cmd === 'measure') {
    hist = new Uint32Array(BUCKETS + 1);
    received = 0;
    measuring = true;
    process.send?.({ measuring: true });
  }
  if (m.cmd === 'report') {
    measuring = false;
    const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    process.send?.({ report: { received, hist: Array.from(hist), open, closedEarly } });
  }
  if (m.cmd === 'close') {
    for (const s of sockets) s.terminate();
    process.send?.({ closed: true });
    setTimeout(() => process.exit(0), 100);
  }
});

process.send?.({ ready: true });
