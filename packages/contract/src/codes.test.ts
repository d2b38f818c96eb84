import { describe, expect, it } from 'vitest';
import { Codes, codeDef, Messages } from './codes';
import { ConsoleCodes } from './console/codes';

describe('code catalogue', () => {
  it('holds every code the spec names, once', () => {
    const spec = [
      1, 0, -1, -3, -4, -5, -6, -7, -8, -9, -11, -12, -19, -30, -33, -40, -41, -49, -91, -98, -99, -405,
      -110002, -110003, -110004, -110005, -110006,
    ];
    for (let c = -3066; c <= -3058; c++) spec.push(c);
    for (const code of spec) expect(codeDef(code), `code ${code}`).toBeDefined();
    const all = Object.values(Codes).map((d) => d.code);
    expect(new Set(all).size).toBe(all.length);
  });

  it('uses the spec texts verbatim', () => {
    expect(Codes.SESSION_EXPIRED.msg).toBe('由于登录验证过期，已自动退出，需要重新登录！');
    expect(Codes.PASSWORD_RESET.msg).toBe('密码已重新设置，有疑问请联系客服');
    expect(Codes.YUEBAO_AMOUNT_MISMATCH.msg).toBe('提交金额不符');
    expect(Messages.betClosed('20260101001', '20260101002')).toBe('20260101001期已封盘，当前为20260101002期');
    expect(Messages.chaseMixed).toBe('追号不支持混投，请确保您的投注都为同一玩法且元角分模式一致。');
  });

  it("keeps the console's codes apart: in -4001..-4199, none the player's catalogue has", () => {
    const console = Object.values(ConsoleCodes).map((d) => d.code);
    expect(new Set(console).size).toBe(console.length);
    for (const code of console) {
      expect(code, String(code)).toBeGreaterThanOrEqual(-4199);
      expect(code, String(code)).toBeLessThanOrEqual(-4001);
      expect(codeDef(code), String(code)).toBeUndefined();
    }
  });
});
