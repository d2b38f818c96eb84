/** The reply every call gets (api.md): HTTP 200 with `{ code, msg, data? }`. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
  respMsg?: string;
}

/** A call that did not end in code 1. `handled` says the shell already told the user. */
export class ApiError extends Error {
  readonly code: number;
  readonly handled: boolean;
  readonly data: unknown;
  readonly status: number | undefined;

  constructor(init: { code: number; msg: string; handled: boolean; data?: unknown; status?: number }) {
    super(init.msg);
    this.name = 'ApiError';
    this.code = init.code;
    this.handled = init.handled;
    this.data = init.data;
    this.status = init.status;
  }
}

/** Codes the client invents for failures that never reached a business reply. */
export const TRANSPORT_CODE = {
  cancelled: -100001,
  timeout: -100002,
  offline: -100003,
  noStatus: -100004,
  http: -100005,
} as const;

/** Failures that never reached a reply, and so may succeed if asked again (cancelled is not one). */
const RETRYABLE = new Set<number>([
  TRANSPORT_CODE.timeout,
  TRANSPORT_CODE.offline,
  TRANSPORT_CODE.noStatus,
  TRANSPORT_CODE.http,
]);

/**
 * The queries' retry rule: one more try for a call that never reached a reply (or failed outside
 * the client); a reply, whatever its code (-2, -110004 …), is final and was shown once.
 */
export const retryUnanswered = (failures: number, error: unknown): boolean =>
  failures < 1 && (!(error instanceof ApiError) || RETRYABLE.has(error.code));

export const SUCCESS = 1;
export const SESSION_EXPIRED = 0;
