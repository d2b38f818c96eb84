import { z } from 'zod';
import { bigserialId } from '../ids';
import { StaffAccount, StaffMessages } from './auth';
import { consoleEndpoint } from './endpoint';
import { STAFF_ROLES } from './roles';

/**
 * Staff management (issue 40 §2), permission `staff.manage` (owner only). Every change writes one
 * audit row with its reason. Creating an account (or resetting its password) answers a one-time
 * enrolment link, `/console/enrol?token=…`, valid ENROL_LINK_TTL_MS; the console shows it once.
 */

export const ENROL_LINK_TTL_MS = 72 * 60 * 60 * 1000;

export const StaffRow = z.object({
  staffId: z.number().int(),
  account: z.string(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(['active', 'disabled']),
  /** A password is set (the enrolment link was used). */
  passwordSet: z.boolean(),
  /** TOTP is enrolled. */
  totpEnrolled: z.boolean(),
  /** Epoch ms until which sign-in is refused after repeated failures; null when not locked. */
  lockedUntil: z.number().int().nullable(),
  lastSignInAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  /** `staff:<id>` or `cli:<os user>`. */
  createdBy: z.string(),
});
export type StaffRow = z.infer<typeof StaffRow>;

const Reason = z
  .string({ error: StaffMessages.reason })
  .trim()
  .min(1, StaffMessages.reason)
  .max(200, StaffMessages.reason);
const StaffId = bigserialId('员工不存在');

export const StaffCreateRequest = z.object({
  account: StaffAccount,
  role: z.enum(STAFF_ROLES, { error: '角色无效' }),
  reason: z.string().trim().max(200, StaffMessages.reason).default(''),
});
export const StaffActionRequest = z.object({ staffId: StaffId, reason: Reason });
export const EnrolLink = z.object({
  /** `/console/enrol?token=…`: the console prefixes its own origin. */
  enrolPath: z.string(),
  enrolExpiresAt: z.number().int(),
});

export type StaffCreateRequest = z.infer<typeof StaffCreateRequest>;
export type StaffActionRequest = z.infer<typeof StaffActionRequest>;

export const ConsoleStaffApi = {
  list: consoleEndpoint({
    method: 'GET',
    path: 'staff/list',
    summary: 'Every staff account',
    access: 'staff.manage',
    data: z.object({ items: z.array(StaffRow) }),
  }),
  create: consoleEndpoint({
    method: 'POST',
    path: 'staff/create',
    summary: 'Create a staff account; answers its one-time enrolment link',
    access: 'staff.manage',
    request: StaffCreateRequest,
    data: z.object({ staff: StaffRow, link: EnrolLink }),
  }),
  disable: consoleEndpoint({
    method: 'POST',
    path: 'staff/disable',
    summary: 'Disable a staff account and end its sessions',
    access: 'staff.manage',
    request: StaffActionRequest,
    data: StaffRow,
  }),
  enable: consoleEndpoint({
    method: 'POST',
    path: 'staff/enable',
    summary: 'Enable a disabled staff account (and lift a lockout)',
    access: 'staff.manage',
    request: StaffActionRequest,
    data: StaffRow,
  }),
  resetSecondFactor: consoleEndpoint({
    method: 'POST',
    path: 'staff/reset-2fa',
    summary: 'Forget TOTP and recovery codes; the next sign-in enrols again. Ends its sessions',
    access: 'staff.manage',
    request: StaffActionRequest,
    data: StaffRow,
  }),
  resetPassword: consoleEndpoint({
    method: 'POST',
    path: 'staff/reset-password',
    summary: 'Clear the password and answer a new one-time enrolment link. Ends its sessions',
    access: 'staff.manage',
    request: StaffActionRequest,
    data: z.object({ staff: StaffRow, link: EnrolLink }),
  }),
} as const;
