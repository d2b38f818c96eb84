import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES, type Encoding, preferredEncoding } from '../../plugins/compression';

/**
 * A whole answer serialised once (HotReads does it from the endpoint's data schema) and compressed
 * at most once per encoding, so a cached hot read costs neither serialisation nor zlib per request.
 * What goes out is byte for byte what the route would have sent (compressed the same way the
 * compression plugin would, above its threshold).
 */
export class CachedAnswer {
  private readonly compressible: boolean;
  private readonly compressed: Partial<Record<Encoding, Buffer>> = {};

  constructor(readonly body: string) {
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
