import { z } from 'zod';

/**
 * The live draw socket, GET /v1/live/socket?code=1401 (docs/live.md). Visitors may watch: no login.
 * On connect the server says `hello` (the issue on sale, its draw time, the last results); then one
 * `drawn` frame per draw of that lottery, the moment the result is stored. The client may only
 * `ping`; any other frame closes its socket.
 */

/** The socket's path after /v1/ (the web opens its enpath form: shared/api/socket-url.ts). */
export const LivePaths = { socket: 'live/socket' } as const;

/** Spec platform.md §9 "Live broadcast config" (reading in docs/live.md). */
export const LIVE_BROADCAST = {
  /** Seconds before a draw when the broadcast banner appears (the countdown shown on it). */
  broadCastTime: 10,
  /** Seconds the drawn result stays on the banner. */
  broadCastShowTime: 5,
  /** Seconds between two banner rotations when several lotteries are broadcast. */
  broadCastIntervalTime: 10,
  /** Broadcast levels -1 (off) … 9 (loudest). */
  levels: [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const,
} as const;

export const LiveSocketQuery = z.object({ code: z.string().regex(/^\d{4}$/, '当前彩种不存在') });

/** One drawn issue. */
export const liveDraw = z.object({
  issue: z.string(),
  numbers: z.array(z.string()),
  drawMs: z.number(),
});
export type LiveDraw = z.infer<typeof liveDraw>;

/** The issue drawn next (startMs <= now < drawMs): its sales close at closeMs, the draw is at drawMs. */
export const liveIssue = z.object({ issue: z.string(), closeMs: z.number(), drawMs: z.number() });
export type LiveIssue = z.infer<typeof liveIssue>;

export const liveServerFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    lotteryCode: z.string(),
    serverMs: z.number(),
    next: liveIssue,
    history: z.array(liveDraw),
  }),
  z.object({
    type: z.literal('drawn'),
    lotteryCode: z.string(),
    serverMs: z.number(),
    draw: liveDraw,
    next: liveIssue,
  }),
  z.object({ type: z.literal('pong'), serverMs: z.number() }),
  z.object({ type: z.literal('error'), msg: z.string() }),
]);
export type LiveServerFrame = z.infer<typeof liveServerFrame>;

export const liveClientFrame = z.object({ type: z.literal('ping') }).strict();
export type LiveClientFrame = z.infer<typeof liveClientFrame>;

function parseWith<T>(schema: z.ZodType<T>, text: string, max: number): T | null {
  if (text.length > max) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const parseLiveClientFrame = (text: string) => parseWith(liveClientFrame, text, 256);
export const parseLiveServerFrame = (text: string) => parseWith(liveServerFrame, text, 65_536);
