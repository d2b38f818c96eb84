import { describe, expect, it } from 'vitest';
import {
  closeNeedsConfirm,
  initialSafetyState,
  newSafetyPasswordError,
  rejectCurrent,
  SAFETY_TEXT,
  type SafetyEvent,
  type SafetyState,
  safetyReducer,
} from './safety-steps';

/** Types a whole entry, the way the passcode input reports it digit by digit. */
function type(state: SafetyState, digits: string) {
  let current = state;
  let outcome = safetyReducer(current, { type: 'input', value: '' })[1];
  for (let i = 1; i <= digits.length; i++) {
    [current, outcome] = safetyReducer(current, { type: 'input', value: digits.slice(0, i) });
  }
  return { state: current, outcome };
}
const verified: SafetyEvent = { type: 'verified' };

describe('new safety password rules (spec/platform.md §5)', () => {
  it('needs exactly 6 digits', () => {
    expect(newSafetyPasswordError('12345')).toBe(SAFETY_TEXT.format);
    expect(newSafetyPasswordError('12345a')).toBe(SAFETY_TEXT.format);
    expect(newSafetyPasswordError('1234567')).toBe(SAFETY_TEXT.format);
    expect(newSafetyPasswordError('482913')).toBeUndefined();
  });

  it('refuses the 13 simple passwords with the spec message', () => {
    const simple = ['123456', '123123', '654321', '000000', '111111', '555555', '999999'];
    for (const value of simple) expect(newSafetyPasswordError(value)).toBe(SAFETY_TEXT.simple);
    expect(SAFETY_TEXT.simple).toBe(
      '安全密码不能过于简单，禁止设置为：123456、123123、654321、111111等此类简单密码',
    );
    expect(newSafetyPasswordError('112233')).toBeUndefined();
  });

  it('refuses the old password', () => {
    expect(newSafetyPasswordError('482913', '482913')).toBe('新密码与旧密码不能一致');
  });
});

describe('the three-step popup', () => {
  it('starts at step 0 when a password exists and at step 1 when setting the first', () => {
    expect(initialSafetyState(true).step).toBe(0);
    expect(initialSafetyState(false).step).toBe(1);
  });

  it('asks the server to verify the current password at 6 digits, then moves to step 1 cleared', () => {
    const typed = type(initialSafetyState(true), '246810');
    expect(typed.outcome).toEqual({ kind: 'verify', password: '246810' });
    expect(typed.state.step).toBe(0);
    const [after] = safetyReducer(typed.state, verified);
    expect(after).toMatchObject({ step: 1, current: '246810', input: '' });
  });

  it('a wrong current password clears the entry and stays on step 0', () => {
    const typed = type(initialSafetyState(true), '246810');
    const rejected = rejectCurrent(typed.state, '安全密码错误，您还有4次机会');
    expect(rejected).toMatchObject({ step: 0, input: '', error: '安全密码错误，您还有4次机会' });
  });

  it('goes 1 -> 2 -> submit when both entries match', () => {
    const one = type(initialSafetyState(false), '482913');
    expect(one.state).toMatchObject({ step: 2, next: '482913', input: '' });
    expect(one.outcome.kind).toBe('none');
    const two = type(one.state, '482913');
    expect(two.outcome).toEqual({ kind: 'submit', current: '', next: '482913' });
  });

  it('a mismatch at step 2 returns to step 1 with everything cleared', () => {
    const one = type(initialSafetyState(false), '482913');
    const two = type(one.state, '482914');
    expect(two.outcome.kind).toBe('none');
    expect(two.state).toMatchObject({ step: 1, next: '', input: '', error: SAFETY_TEXT.mismatch });
    const again = type(two.state, '135790');
    expect(again.state).toMatchObject({ step: 2, next: '135790' });
  });

  it('stays on step 1 for a simple password or the old one', () => {
    const simple = type(initialSafetyState(false), '111111');
    expect(simple.state).toMatchObject({ step: 1, input: '', error: SAFETY_TEXT.simple });
    const [atOne] = safetyReducer(type(initialSafetyState(true), '246810').state, verified);
    const same = type(atOne, '246810');
    expect(same.state).toMatchObject({ step: 1, error: SAFETY_TEXT.sameAsOld });
  });

  it('keeps only digits, at most 6', () => {
    const [state] = safetyReducer(initialSafetyState(false), { type: 'input', value: '12a4' });
    expect(state.input).toBe('124');
  });

  it('closing past step 1 asks to abandon; before that it just closes', () => {
    expect(closeNeedsConfirm(initialSafetyState(true))).toBe(false);
    expect(closeNeedsConfirm(initialSafetyState(false))).toBe(false);
    expect(closeNeedsConfirm(type(initialSafetyState(false), '482913').state)).toBe(true);
  });
});
