import { FieldMessages, fieldError, NewSafetyPassword } from '@lottery/contract/fields';

/**
 * The safety-password popup of spec/platform.md §4 as a pure state machine: step 0 verify the
 * current password, 1 enter the new one, 2 confirm it. A mismatch returns to step 1 with both
 * entries cleared; closing past step 1 asks to abandon. Setting a first password starts at step 1.
 */
export type SafetyStep = 0 | 1 | 2;

export interface SafetyState {
  step: SafetyStep;
  /** the verified current password (step 0 done), kept for the reset call */
  current: string;
  next: string;
  /** what the input shows now */
  input: string;
  error: string | undefined;
}

export const SAFETY_LENGTH = 6;

export const SAFETY_TEXT = {
  format: FieldMessages.safetyPassword,
  simple: FieldMessages.safetyPasswordTooSimple,
  sameAsOld: '新密码与旧密码不能一致',
  mismatch: '两次密码输入不一致',
  abandon: '确定放弃设置安全密码吗？',
} as const;

export const STEP_TITLES: Record<SafetyStep, string> = {
  0: '请输入当前安全密码',
  1: '请设置新的安全密码',
  2: '请再次输入新的安全密码',
};

/** Local checks of a new safety password, with the spec's messages. */
export function newSafetyPasswordError(value: string, current?: string): string | undefined {
  const problem = fieldError(NewSafetyPassword, value);
  if (problem) return problem;
  if (current && value === current) return SAFETY_TEXT.sameAsOld;
  return undefined;
}

export function initialSafetyState(hasPassword: boolean): SafetyState {
  return { step: hasPassword ? 0 : 1, current: '', next: '', input: '', error: undefined };
}

export type SafetyEvent =
  | { type: 'input'; value: string }
  /** the server accepted the current password of step 0 */
  | { type: 'verified' };

export type SafetyOutcome =
  | { kind: 'none' }
  /** step 0 complete: ask the server to verify `password` */
  | { kind: 'verify'; password: string }
  /** step 2 matched: send set/reset */
  | { kind: 'submit'; current: string; next: string };

/** Feed one event; returns the new state and what the caller must do. */
export function safetyReducer(state: SafetyState, event: SafetyEvent): [SafetyState, SafetyOutcome] {
  if (event.type === 'verified') {
    return [{ ...state, step: 1, current: state.input, input: '', error: undefined }, { kind: 'none' }];
  }
  const value = event.value.replace(/\D/g, '').slice(0, SAFETY_LENGTH);
  const typing: SafetyState = { ...state, input: value, error: undefined };
  if (value.length < SAFETY_LENGTH) return [typing, { kind: 'none' }];
  if (state.step === 0) return [typing, { kind: 'verify', password: value }];
  if (state.step === 1) {
    const error = newSafetyPasswordError(value, state.current || undefined);
    if (error) return [{ ...typing, input: '', error }, { kind: 'none' }];
    return [{ ...typing, step: 2, next: value, input: '' }, { kind: 'none' }];
  }
  if (value !== state.next) {
    return [{ ...state, step: 1, next: '', input: '', error: SAFETY_TEXT.mismatch }, { kind: 'none' }];
  }
  return [typing, { kind: 'submit', current: state.current, next: state.next }];
}

/** Closing the popup: before step 2 it just closes; past step 1 the player confirms abandoning. */
export const closeNeedsConfirm = (state: SafetyState): boolean => state.step > 1;

/** A wrong current password clears the entry and stays on step 0. */
export const rejectCurrent = (state: SafetyState, message: string): SafetyState => ({
  ...state,
  input: '',
  error: message,
});
