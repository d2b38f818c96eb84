import { Code } from '@lottery/contract/codes';
import type { VerificationState } from '@lottery/contract/verification';
import { request } from '../../../shared/api/client';
import { enpathUrl } from '../../../shared/api/enpath';
import { ApiError } from '../../../shared/api/envelope';

/** POST files/uploadAuditImages (multipart): one identity photo; answers its stored name. */
export async function uploadAuditImage(file: Blob): Promise<string> {
  const body = new FormData();
  body.set('file', file, 'photo.jpg');
  const res = await fetch(enpathUrl('files/uploadAuditImages'), {
    method: 'POST',
    body,
    credentials: 'same-origin',
  });
  const envelope = (await res.json().catch(() => ({ code: -1, msg: '上传失败' }))) as {
    code: number;
    msg: string;
    data?: { name: string };
  };
  if (envelope.code !== Code.OK || !envelope.data)
    throw new ApiError({ code: envelope.code, msg: envelope.msg, handled: false });
  return envelope.data.name;
}

export interface VerificationForm {
  userName: string;
  realName: string;
  phone: string;
  note: string;
  images: string[];
}

/** POST users/manualVerification: answers the receipt the player keeps. */
export const submitVerification = (input: VerificationForm) =>
  request<{ receipt: string }>('users/manualVerification', {
    form: { ...input, images: input.images.join(',') },
  });

/** POST users/manualVerificationStatus: an approved request answers its reset token once. */
export const verificationStatus = (userName: string, receipt: string) =>
  request<{ state: VerificationState; reason: string; createdAt: number; token?: string }>(
    'users/manualVerificationStatus',
    { form: { userName, receipt } },
  );
