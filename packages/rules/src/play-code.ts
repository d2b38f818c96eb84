/**
 * playDetailCode (spec §3): the lottery code followed by the 3-character mode code, e.g. '1101' +
 * 'A10'. Apart from the play registry so a screen can name a line without loading every play.
 */
const MODE = /^[A-Z]\d{2}$/;

/** playDetailCode = lotteryCode + mode code. */
export function playDetailCode(lotteryCode: string, modeCode: string): string {
  if (!MODE.test(modeCode)) throw new RangeError(`mode code ${modeCode}`);
  return `${lotteryCode}${modeCode}`;
}

/** Splits a playDetailCode into lottery code and mode code (the last 3 characters); null if malformed. */
export function parsePlayDetailCode(detail: string): { lotteryCode: string; modeCode: string } | null {
  if (detail.length < 4) return null;
  const modeCode = detail.slice(-3);
  if (!MODE.test(modeCode)) return null;
  return { lotteryCode: detail.slice(0, -3), modeCode };
}
