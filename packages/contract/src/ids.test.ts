import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AccountApi } from './account';
import { ActivityCentreApi } from './activity';
import { DeleteSavedImageBody, SocketQuery } from './chat';
import { ArticleApi, MessageApi, NoticeApi } from './content';
import type { Endpoint } from './endpoint';
import { bigserialId, INT4_MAX, serialId } from './ids';
import { SetSafetyQuestionRequest } from './security';
import { Text } from './text';
import { CreatePledgeRequest } from './yuebao';

/** Issue 37 §2: what the contract lets through, the database can hold. */

const rejects = (schema: z.ZodType, value: unknown) => !schema.safeParse(value).success;

describe('ids', () => {
  it('an int4 id is 1..2147483647: past it answers as unknown, malformed as 参数错误', () => {
    const id = serialId('公告不存在');
    for (const ok of ['1', 1, String(INT4_MAX)]) expect(id.safeParse(ok).success).toBe(true);
    for (const past of ['2147483648', 2 ** 31, 2 ** 63, '9223372036854775808'])
      expect(id.safeParse(past).error?.issues[0]?.message, String(past)).toBe('公告不存在');
    for (const bad of ['0', '-1', '1.5', 'NaN', 'abc', '1e400', '-9223372036854775808'])
      expect(id.safeParse(bad).error?.issues[0]?.message, String(bad)).toBe('参数错误');
  });

  it("a call's id past its column answers that call's unknown-id message", () => {
    expect(
      NoticeApi.announcementContent.request?.safeParse({ id: '2147483648' }).error?.issues[0]?.message,
    ).toBe('公告不存在');
    expect(
      ArticleApi.findByIdAssistance.request?.safeParse({ id: '2147483648' }).error?.issues[0]?.message,
    ).toBe('文章不存在');
    expect(
      ActivityCentreApi.getActivityContent.request?.safeParse({ activityId: '2147483648' }).error?.issues[0]
        ?.message,
    ).toBe('活动不存在');
  });

  it('an int8 id is bounded by the largest safe integer', () => {
    expect(bigserialId().safeParse(String(Number.MAX_SAFE_INTEGER)).success).toBe(true);
    for (const bad of ['9007199254740992', '9223372036854775808', '1e400', '0'])
      expect(rejects(bigserialId(), bad), bad).toBe(true);
  });

  it('a comma list of int8 ids refuses any member past the range', () => {
    expect(DeleteSavedImageBody.safeParse({ ids: '1,2,3' }).success).toBe(true);
    expect(rejects(DeleteSavedImageBody, { ids: '1,9223372036854775808' })).toBe(true);
  });

  it('every id of an int4 row is bounded to int4 in its call', () => {
    const int4 = (schema: z.ZodType | undefined, field: string) => {
      const json = z.toJSONSchema(schema!, { io: 'input' }) as {
        properties: Record<string, { maximum?: number }>;
      };
      return json.properties[field]?.maximum;
    };
    const calls: [Endpoint | { request: z.ZodType }, string][] = [
      [NoticeApi.announcementContent, 'id'],
      [NoticeApi.setAnnouncementRead, 'id'],
      [ArticleApi.findByIdIntroduction, 'id'],
      [ArticleApi.findByIdAssistance, 'id'],
      [ActivityCentreApi.getActivityContent, 'activityId'],
      [ActivityCentreApi.receiveActivity, 'activityId'],
      [ActivityCentreApi.getRewardRate, 'activityId'],
      [ActivityCentreApi.receiveRedEnvelope, 'activityId'],
      [{ request: CreatePledgeRequest }, 'productId'],
      [{ request: SetSafetyQuestionRequest }, 'questionId'],
    ];
    for (const [call, field] of calls) expect(int4(call.request, field), field).toBe(INT4_MAX);
    // personal messages are int8 rows: an id past int4 is a valid message id
    expect(MessageApi.messageContent.request?.safeParse({ id: '2147483648' }).success).toBe(true);
  });
});

describe('text', () => {
  it('a call refuses a NUL in any text field, as a parameter error naming the field', () => {
    const result = AccountApi.checkInviteCode.request?.safeParse({ inviteCode: 'a\u0000b' });
    expect(result?.error?.issues[0]).toMatchObject({
      path: ['inviteCode'],
      message: 'inviteCode 格式不正确',
    });
    expect(AccountApi.checkInviteCode.request?.safeParse({ inviteCode: 'ab' }).success).toBe(true);
  });

  it("the chat socket's query, not a call, refuses a NUL too", () => {
    expect(SocketQuery.safeParse({ type: '1', roomId: 'lobby' }).success).toBe(true);
    expect(rejects(SocketQuery, { type: '1', roomId: 'lob\u0000by' })).toBe(true);
  });

  it('Text refuses a NUL and keeps every other character', () => {
    expect(rejects(Text, '\u0000')).toBe(true);
    expect(Text.safeParse("😀 ' OR 1=1;--").success).toBe(true);
  });
});
