import { CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_MAX_SIDE } from '@lottery/contract/chat';

/** spec/platform.md §5: jpg, jpeg, png, gif, bmp; ≤ 2 MB; scaled to at most 1000x1000; JPEG 0.7. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'bmp'];
export const JPEG_QUALITY = 0.7;

export function isRecognisedImage(name: string): boolean {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  return IMAGE_EXTENSIONS.includes(ext);
}

/** Size that fits in maxSide × maxSide keeping the aspect ratio (never enlarges). */
export function fitWithin(width: number, height: number, maxSide = CHAT_IMAGE_MAX_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether the browser must re-encode before upload. */
export function needsCompression(bytes: number, width: number, height: number): boolean {
  return bytes > CHAT_IMAGE_MAX_BYTES || Math.max(width, height) > CHAT_IMAGE_MAX_SIDE;
}

/** Scale and re-encode in a canvas until it fits the limits (bounded: quality steps down 4 times). */
export async function prepareImage(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  if (!needsCompression(file.size, bitmap.width, bitmap.height)) {
    bitmap.close();
    return file;
  }
  const size = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  let quality = JPEG_QUALITY;
  for (let step = 0; step < 5; step++) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (blob && blob.size <= CHAT_IMAGE_MAX_BYTES) return blob;
    quality -= 0.12;
  }
  throw new Error('图片不能超过2M');
}
