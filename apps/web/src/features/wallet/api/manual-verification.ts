import type { VerificationState } from '@lottery/contract/verification';
import { request } from '../../../shared/api/client';
import { uploadFile } from '../../../shared/api/upload';

/** POST files/uploadAuditImages (multipart): one identity photo; answers its stored name. */
export const uploadAuditImage = async (file: Blob) =>
  (await uploadFile<{ name: string }>('files/uploadAuditImages', file, 'photo.jpg')).data.name;

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
