import { Code } from '@lottery/contract/codes';
import { enpathUrl } from './enpath';
import { ApiError } from './envelope';

/**
 * A multipart upload's body: the text fields first, then every file under `file`, in order. Fields
 * go first because the server reads the parts in order: files/uploadChatFile sees only the fields
 * before its file, files/uploadImageFiles needs orderNo before the pictures.
 */
export interface UploadParts {
  fields?: Record<string, string>;
  files: readonly { file: Blob; name: string }[];
}

export interface UploadOptions {
  signal?: AbortSignal;
}

export function multipartBody({ fields = {}, files }: UploadParts): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const { file, name } of files) body.append('file', file, name);
  return body;
}

/**
 * POST files (and text fields) as multipart to an upload call; the envelope's data and message, or
 * an ApiError with the server's message, not yet shown: uploads are not silent, the caller says
 * why the picture was refused where the player picked it.
 */
export async function uploadFile<T>(
  path: string,
  parts: UploadParts,
  options: UploadOptions = {},
): Promise<{ data: T; msg: string }> {
  const res = await fetch(enpathUrl(path), {
    method: 'POST',
    body: multipartBody(parts),
    credentials: 'same-origin',
    signal: options.signal,
  });
  const envelope = (await res.json().catch(() => ({ code: -1, msg: '上传失败' }))) as {
    code: number;
    msg: string;
    data?: T;
  };
  if (envelope.code !== Code.OK || envelope.data === undefined)
    throw new ApiError({ code: envelope.code, msg: envelope.msg, handled: false });
  return { data: envelope.data, msg: envelope.msg };
}
