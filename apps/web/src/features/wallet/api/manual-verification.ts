import { VerificationApi } from '@lottery/contract/verification';
import { call, callUpload } from '../../../shared/api/call';

/** POST files/uploadAuditImages (multipart): one identity photo; answers its stored name. */
export const uploadAuditImage = async (file: Blob) =>
  (await callUpload(VerificationApi.uploadAuditImages, { files: [{ file, name: 'photo.jpg' }] })).data.name;

export interface VerificationForm {
  userName: string;
  realName: string;
  phone: string;
  note: string;
  images: string[];
}

/** POST users/manualVerification (images as one comma-separated field): answers the receipt the player keeps. */
export const submitVerification = (input: VerificationForm) =>
  call(VerificationApi.submit, { ...input, images: input.images.join(',') });

/** POST users/manualVerificationStatus: an approved request answers its reset token once. */
export const verificationStatus = (userName: string, receipt: string) =>
  call(VerificationApi.status, { userName, receipt });
