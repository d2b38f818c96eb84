import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_AREA_LABELS,
  type AuditAction,
  type AuditArea,
  auditActionLabel,
  CLI_COMMAND_LABELS,
} from './audit';

const CHINESE = /\p{Script=Han}/u;

describe('audit action words', () => {
  it('gives every action a service writes its words, in Chinese', () => {
    for (const [action, label] of Object.entries(AUDIT_ACTION_LABELS)) {
      expect(label, action).toMatch(CHINESE);
      expect(auditActionLabel(action)).toBe(label);
      expect(AUDIT_AREA_LABELS[action.split('.')[0] as AuditArea], action).toMatch(CHINESE);
    }
    expect(auditActionLabel('withdraw.first_approve')).toBe('大额提现初审');
  });

  it('gives every operator command its words, marked as the command line', () => {
    for (const [command, label] of Object.entries(CLI_COMMAND_LABELS)) {
      expect(label, command).toMatch(CHINESE);
      expect(auditActionLabel(`cli.${command}`)).toBe(`命令行：${label}`);
    }
  });

  it('knows no action it was not told of, nor the names every object has', () => {
    for (const action of [
      'deposit.confrim',
      'cli.no-such-command',
      'cli.',
      'constructor',
      'cli.toString',
      '',
    ])
      expect(auditActionLabel(action), action).toBeUndefined();
    // @ts-expect-error: the server's writer refuses an action without words
    const misspelt: AuditAction = 'deposit.confrim';
    expect(misspelt).toBe('deposit.confrim');
  });
});
