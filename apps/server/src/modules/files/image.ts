import { CHAT_IMAGE_MAX_SIDE } from '@lottery/contract/chat';
import sharp, { type Sharp } from 'sharp';

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'bmp';

/** The format by content (magic bytes), whatever the file name or declared type says. */
export function sniffImage(buf: Buffer): ImageKind | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return 'gif';
  if (buf.length >= 26 && buf[0] === 0x42 && buf[1] === 0x4d) return 'bmp';
  return null;
}

/**
 * Uncompressed 24/32-bit BMP -> RGBA raw pixels (sharp reads no BMP). Other BMP variants are refused.
 */
export function decodeBmp(buf: Buffer): { data: Buffer; width: number; height: number } | null {
  if (buf.length < 54) return null;
  const offset = buf.readUInt32LE(10);
  const headerSize = buf.readUInt32LE(14);
  if (headerSize < 40) return null;
  const width = buf.readInt32LE(18);
  const rawHeight = buf.readInt32LE(22);
  const bpp = buf.readUInt16LE(28);
  const compression = buf.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0 || width > 10_000 || height > 10_000) return null;
  if (!((bpp === 24 && compression === 0) || (bpp === 32 && (compression === 0 || compression === 3))))
    return null;
  const bytesPerPixel = bpp / 8;
  const stride = Math.ceil((width * bytesPerPixel) / 4) * 4;
  if (offset + stride * height > buf.length) return null;
  const out = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const srcRow = rawHeight > 0 ? height - 1 - y : y; // positive height = bottom-up rows
    for (let x = 0; x < width; x++) {
      const s = offset + srcRow * stride + x * bytesPerPixel;
      const d = (y * width + x) * 4;
      out[d] = buf[s + 2]!;
      out[d + 1] = buf[s + 1]!;
      out[d + 2] = buf[s]!;
      out[d + 3] = 255;
    }
  }
  return { data: out, width, height };
}

/** The picture as sharp input, or null when its bytes are not the format its signature claimed. */
async function openImage(buf: Buffer, kind: ImageKind): Promise<Sharp | null> {
  if (kind === 'bmp') {
    const raw = decodeBmp(buf);
    return raw ? sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 } }) : null;
  }
  const input = sharp(buf, { limitInputPixels: 50_000_000, animated: false, failOn: 'error' });
  const meta = await input.metadata().catch(() => null);
  return meta?.format === kind ? input : null;
}

export type Encoded = { image: Buffer; thumb: Buffer; width: number; height: number };

/** Re-encode to JPEG (quality 70, spec §5), at most 1000×1000, plus a 240px thumbnail. */
export async function reencode(buf: Buffer, kind: ImageKind): Promise<Encoded | null> {
  const input = await openImage(buf, kind);
  if (!input) return null;
  const base = input.rotate().flatten({ background: '#ffffff' });
  const { data: image, info } = await base
    .clone()
    .resize({
      width: CHAT_IMAGE_MAX_SIDE,
      height: CHAT_IMAGE_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .jpeg({ quality: 70, mozjpeg: false })
    .toBuffer({ resolveWithObject: true });
  const thumb = await base
    .clone()
    .resize({ width: 240, height: 240, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 70 })
    .toBuffer();
  return { image, thumb, width: info.width, height: info.height };
}

/** Avatars are square: the centre of the picture, 256×256, as a JPEG (quality 80). */
export const AVATAR_SIDE = 256;

export async function reencodeAvatar(buf: Buffer, kind: ImageKind): Promise<Buffer | null> {
  const input = await openImage(buf, kind);
  if (!input) return null;
  return input
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width: AVATAR_SIDE, height: AVATAR_SIDE, fit: 'cover', position: 'centre' })
    .jpeg({ quality: 80 })
    .toBuffer()
    .catch(() => null);
}
