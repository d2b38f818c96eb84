import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES } from '../../plugins/compression';

type Encoding = 'br' | 'gzip';

/**
 * A whole answer serialised once and compressed at most once per encoding, so a cached hot read
 * costs neither JSON.stringify nor zlib per request. What goes out is byte for byte what the route
 * would have sent (compressed the same way the compression plugin would, above its threshold).
 */
export class CachedAnswer {
  readonly body: string;
  private readonly compressible: boolean;
  private readonly compressed: Partial<Record<Encoding, Buffer>> = {};

  constructor(value: unknown) {
    this.body = JSON.stringify(value);
    this.compressible = Buffer.byteLength(this.body) >= COMPRESS_THRESHOLD_BYTES;
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type('application/json; charset=utf-8');
    if (!this.compressible) return reply.send(this.body);
    reply.header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(this.body);
    reply.header('content-encoding', encoding);
    return reply.send(this.bytes(encoding));
  }

  private bytes(encoding: Encoding): Buffer {
    this.compressed[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(this.body, { level: 9 });
    return this.compressed[encoding];
  }
}

/** br when the client takes it, else gzip, else none; `q=0` refuses an encoding. */
export function preferredEncoding(header: string | string[] | undefined): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}
