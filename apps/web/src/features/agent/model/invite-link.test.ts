import { describe, expect, it } from 'vitest';
import { codeTypeLabel, inviteLink } from './invite-link';

describe('inviteLink', () => {
  it('is the register page with the code in inviteCode, the field users/register takes', () => {
    expect(inviteLink('https://m.example.com', '12345678')).toBe(
      'https://m.example.com/register?inviteCode=12345678',
    );
    expect(inviteLink('http://127.0.0.1:8080/', '8866001')).toBe(
      'http://127.0.0.1:8080/register?inviteCode=8866001',
    );
  });
  it('labels the code types', () => {
    expect(codeTypeLabel(0)).toBe('玩家');
    expect(codeTypeLabel(1)).toBe('代理');
  });
});
