// The public surface of the files module: what other modules may use.
import { reencode, sniffImage } from './image';

/**
 * An uploaded picture checked by its content (JPEG, PNG, GIF, BMP) and re-encoded as a JPEG
 * without its metadata, at most the chat's largest side; null when it is not one of those images.
 */
export async function reencodeUpload(upload: Buffer): Promise<Buffer | null> {
  const kind = sniffImage(upload);
  if (!kind) return null;
  return (await reencode(upload, kind))?.image ?? null;
}
