import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { PageDocument } from '../../plugins/static';
import { HOT_READ_MAX_AGE_MS } from './hot-reads';
import { ReadCache } from './read-cache';

/**
 * The first screens drawn on the server (issue 39, docs/web.md "Server rendering"). The web build's
 * renderer (apps/web/src/app/entry-server.tsx, built into <web dist>/.ssr) draws /home, /lotteryHall
 * and the play pages as a visitor sees them, from reads it makes in-process (Fastify's inject,
 * without the visitor's cookies: public data only). Each page is kept in memory like a hot read,
 * compressed once, and dropped by the same changes: a draw drops its lottery's page and the pages
 * showing every lottery, an admin change (the tenant's stamps) drops them all, here at once and in
 * other processes through Redis (hot-reads.ts); none is older than HOT_READ_MAX_AGE_MS.
 */

/** A page as the renderer drew it (entry-server.tsx). */
interface RenderedPage {
  url: string;
  html: string;
  state: string;
  title: string;
}

/** What the renderer module exports (entry-server.tsx). */
interface RendererModule {
  configure(transport: (url: string, init: RequestInit) => Promise<Response>): void;
  isServerRendered(pathname: string, search: string): boolean;
  render(url: string): Promise<RenderedPage>;
  pageHtml(template: string, page: RenderedPage): string;
}

/** Pages kept at most (a query string makes a key: /lotteryHall?key=…). */
export const SERVER_PAGES_KEPT = 200;

/** The topic a page is dropped by: its lottery's draws, or any draw for the pages listing them all. */
const ALL_DRAWS = 'draws';
export const pageTopic = (lotteryCode: string | undefined) =>
  lotteryCode === undefined ? ALL_DRAWS : `draw:${lotteryCode}`;

export class ServerPages {
  private readonly pages: ReadCache;

  private constructor(
    private readonly renderer: RendererModule,
    now: () => number,
    private readonly onFailure: (url: string, error: unknown) => void,
  ) {
    this.pages = new ReadCache(now, HOT_READ_MAX_AGE_MS, SERVER_PAGES_KEPT);
  }

  /** The renderer of the web build in `webDist`, or undefined when the build has none. */
  static async load(app: FastifyInstance, webDist: string): Promise<ServerPages | undefined> {
    const file = join(webDist, '.ssr', 'entry-server.js');
    if (!existsSync(file)) return undefined;
    const renderer = (await import(pathToFileURL(file).href)) as RendererModule;
    renderer.configure(async (url, init) => {
      const reply = await app.inject({
        method: (init.method ?? 'GET') as 'GET' | 'POST',
        url,
        headers: { accept: 'application/json', ...(init.headers as Record<string, string>) },
        payload: typeof init.body === 'string' ? init.body : init.body?.toString(),
      });
      return new Response(new Uint8Array(reply.rawPayload), { status: reply.statusCode });
    });
    const pages = new ServerPages(
      renderer,
      () => app.ctx.clock.now(),
      (url, error) => {
        const left = (error as Error | undefined)?.name === 'NotDrawable';
        if (left) app.log.debug({ url, err: error }, 'page left to the browser');
        else app.log.error({ url, err: error }, 'server rendering failed; the browser draws the page');
      },
    );
    return pages;
  }

  /** Whether the page at `url` (path and query) is drawn on the server. */
  handles(url: string): boolean {
    const { pathname, search } = new URL(url, 'http://app.invalid');
    return this.renderer.isServerRendered(pathname, search);
  }

  /**
   * The page at `url` (path and query) in `template` (the build's HTML for it), from memory or
   * drawn now; undefined when it cannot be drawn (the browser draws it, as without a renderer).
   */
  async page(
    url: string,
    template: string,
    lotteryCode: string | undefined,
  ): Promise<PageDocument | undefined> {
    try {
      return await this.pages.get(url, pageTopic(lotteryCode), async () => {
        const page = await this.renderer.render(url);
        return compressed(this.renderer.pageHtml(template, page));
      });
    } catch (error) {
      this.onFailure(url, error);
      return undefined;
    }
  }

  /** A draw of `lotteryCode` was stored: its page and the pages listing every lottery go. */
  drawn(lotteryCode: string): void {
    this.pages.invalidate(pageTopic(lotteryCode));
    this.pages.invalidate(ALL_DRAWS);
  }

  /** The tenant changed (site config, catalogue, content), or changes may have been missed. */
  clear(): void {
    this.pages.clear();
  }
}

/** Compressed once per fill (brotli at 9 and gzip at 9: fast enough for a page of a few KB). */
function compressed(html: string): PageDocument {
  const plain = Buffer.from(html);
  return {
    plain,
    br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(plain, { level: 9 }),
  };
}
