import { describe, expect, it } from 'vitest';
import { fitWithin, isRecognisedImage, needsCompression } from './image';
import { canPrivateChat, mentionPayload } from './mentions';

describe('mentions', () => {
  const mentions = [
    { userId: '4', name: 'pl***1' },
    { userId: '7', name: '小王' },
  ];
  it('status 1 with the ids still mentioned in the text', () => {
    expect(mentionPayload('@小王 你好', mentions, false)).toEqual({ status: 1, userIds: '7' });
    expect(mentionPayload('@小王 @pl***1 hi', mentions, false)).toEqual({ status: 1, userIds: '4,7' });
  });
  it('status 0 when the mention was deleted', () => {
    expect(mentionPayload('你好', mentions, false)).toEqual({ status: 0, userIds: '' });
  });
  it('@全部 is for managers only', () => {
    expect(mentionPayload('@全部 开奖了', [], true)).toEqual({ status: 1, userIds: 'all' });
    expect(mentionPayload('@全部 开奖了', [], false)).toEqual({ status: 0, userIds: '' });
  });
  it('private chat only with grade 100 on either side or as a manager, never oneself', () => {
    const member = { userId: '4', grade: 1, isManager: false };
    expect(canPrivateChat(member, { userId: '5', grade: 1 })).toBe(false);
    expect(canPrivateChat(member, { userId: '5', grade: 100 })).toBe(true);
    expect(canPrivateChat({ ...member, isManager: true }, { userId: '5', grade: 1 })).toBe(true);
    expect(canPrivateChat({ ...member, grade: 100 }, { userId: '4', grade: 100 })).toBe(false);
  });
});

describe('image limits', () => {
  it('recognises jpg, jpeg, png, gif, bmp only', () => {
    expect(['a.JPG', 'b.jpeg', 'c.png', 'd.gif', 'e.bmp'].every(isRecognisedImage)).toBe(true);
    expect(isRecognisedImage('f.webp')).toBe(false);
  });
  it('scales into 1000x1000 keeping the ratio, never enlarging', () => {
    expect(fitWithin(4000, 2000)).toEqual({ width: 1000, height: 500 });
    expect(fitWithin(1500, 3000)).toEqual({ width: 500, height: 1000 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });
  it('compresses when over 2 MB or over 1000 px', () => {
    expect(needsCompression(2 * 1024 * 1024 + 1, 800, 600)).toBe(true);
    expect(needsCompression(100_000, 1001, 600)).toBe(true);
    expect(needsCompression(2 * 1024 * 1024, 1000, 1000)).toBe(false);
  });
});
