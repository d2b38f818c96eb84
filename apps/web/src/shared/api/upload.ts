import { Code } from '@lottery/contract/codes';
import { enpathUrl } from './enpath';
import { ApiError } from './envelope';

/**
 * POST a file as multipart (`file`, plus text fields) to an upload call; the envelope's data and
 * message, or an ApiError with the server's message (shown by the caller: uploads are not silent).
 */
export async function uploadFile<T>(
  path: string,
  file: Blob,
  fileName: string,
  fields: Record<string, string> = {},
): Promise<{ data: T; msg: string }> {
  const body = new FormData();
  body.set('file', file, fileName);
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  const res = await fetch(enpathUrl(path), { method: 'POST', body, credentials: 'same-origin' });
  const envelope = (await res.json().catch(() => ({ code: -1, msg: '上传失败' }))) as {
    code: number;
    msg: string;
    data?: T;
  };
  if (envelope.code !== Code.OK || envelope.data === undefined)
    throw new ApiError({ code: envelope.code, msg: envelope.msg, handled: false });
  return { data: envelope.data, msg: envelope.msg };
}
