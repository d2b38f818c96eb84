/** Request limits; tests build apps with small values to prove them. */
export interface Limits {
  /** login attempts per IP per minute */
  loginPerIp: number;
  /** register attempts per IP per hour */
  registerPerIp: number;
  /** login or register attempts naming one account, per 5 minutes */
  perAccount: number;
  /** captchas per IP per minute */
  captchaPerIp: number;
  /** statistics/log posts per IP per minute */
  statisticsPerIp: number;
}

export const DEFAULT_LIMITS: Limits = {
  loginPerIp: 30,
  registerPerIp: 30,
  perAccount: 10,
  captchaPerIp: 30,
  statisticsPerIp: 120,
};

export const PER_ACCOUNT_WINDOW_MS = 5 * 60 * 1000;
