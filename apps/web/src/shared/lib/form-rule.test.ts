import { FieldMessages, NickName } from '@lottery/contract/fields';
import { describe, expect, it } from 'vitest';
import { fieldRule, formRule } from './form-rule';

describe('form rules from the contract', () => {
  it("rejects with the field rule's message and passes what the rule takes", async () => {
    const rule = fieldRule(NickName, { trim: true });
    await expect(rule.validator(undefined, 'ab')).rejects.toThrow(FieldMessages.nickName);
    await expect(rule.validator(undefined, undefined)).rejects.toThrow(FieldMessages.nickName);
    await expect(rule.validator(undefined, ' 玩家一二三 ')).resolves.toBeUndefined();
  });

  it('turns a plain check into a rule', async () => {
    const rule = formRule((value) => (value ? undefined : '请输入旧密码'));
    await expect(rule.validator(undefined, '')).rejects.toThrow('请输入旧密码');
    await expect(rule.validator(undefined, 'x')).resolves.toBeUndefined();
  });
});
