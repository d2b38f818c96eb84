import { z } from 'zod';
import { endpoint } from './endpoint';
import { FieldMessages, Phone, RealName, UserName } from './fields';

/**
 * Manual verification (spec/platform.md §2 /manualVerification, docs/manual-verification.md): a
 * player who cannot pass the security steps of /forgotPassword sends identity details and photos;
 * the operator approves or rejects; an approval lets the player set a new login password once.
 */
export const AUDIT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const AUDIT_IMAGES_MIN = 1;
export const AUDIT_IMAGES_MAX = 3;
/** A stored audit image: `<yyyymm>/<random id>`, returned by the upload and sent with the form. */
export const AUDIT_IMAGE_NAME = /^\d{6}\/[A-Za-z0-9_-]{20}$/;
/** The receipt the player keeps: 12 characters of an unambiguous alphabet, shown as XXXX-XXXX-XXXX. */
export const RECEIPT = /^[2-9A-HJ-NP-Z]{4}-?[2-9A-HJ-NP-Z]{4}-?[2-9A-HJ-NP-Z]{4}$/;

export const VerificationMessages = {
  note: '说明最多200个字',
  images: `请上传${AUDIT_IMAGES_MIN}-${AUDIT_IMAGES_MAX}张证件照片`,
  imageType: '请上传JPG、PNG或GIF格式的图片',
  imageTooLarge: '图片不能超过5MB',
  noAccount: '账号不存在',
  open: '您已提交人工验证，请等待审核结果',
  receipt: '账号或受理编号错误',
  submitted: '提交成功，请保存受理编号',
} as const;
const M = VerificationMessages;

/** The account as typed, trimmed, then the one account-name rule (fields.ts). */
const userName = z.string({ error: FieldMessages.userNameRequired }).trim().pipe(UserName);

export const SubmitVerificationRequest = z.object({
  userName,
  /** The field rules of fields.ts (spec §5), as every form and call uses them. */
  realName: RealName,
  phone: Phone,
  note: z.string().trim().max(200, M.note).default(''),
  /** comma-separated names from files/uploadAuditImages */
  images: z
    .string()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(AUDIT_IMAGE_NAME, M.images))
        .min(AUDIT_IMAGES_MIN, M.images)
        .max(AUDIT_IMAGES_MAX, M.images),
    ),
});
export const VerificationStatusRequest = z.object({
  userName,
  receipt: z.string().trim().toUpperCase().regex(RECEIPT, M.receipt),
});

export const VERIFICATION_STATES = ['pending', 'approved', 'rejected', 'used'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

export const VerificationApi = {
  uploadAuditImages: endpoint({
    method: 'POST',
    path: 'files/uploadAuditImages',
    summary:
      'Upload one identity photo for manual verification (multipart: file); visitors may; re-encoded, kept private',
    data: z.object({ name: z.string() }),
  }),
  submit: endpoint({
    method: 'POST',
    path: 'users/manualVerification',
    summary:
      'Send a manual verification (account, real name, phone, note, 1-3 uploaded photos); answers the receipt',
    request: SubmitVerificationRequest,
    data: z.object({ receipt: z.string() }),
  }),
  status: endpoint({
    method: 'POST',
    path: 'users/manualVerificationStatus',
    summary:
      'A verification by account and receipt: pending, rejected (reason), approved (answers a one-time reset token once, then used)',
    request: VerificationStatusRequest,
    data: z.object({
      state: z.enum(VERIFICATION_STATES),
      reason: z.string(),
      createdAt: z.number(),
      token: z.string().optional(),
    }),
  }),
};
