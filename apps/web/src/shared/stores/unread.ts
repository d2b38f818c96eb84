import { create } from 'zustand';

/**
 * The logged-in player's unread personal-message count, as last read by the content feature
 * (`users/unReadMessage`, or frame 18 on the account socket). It lives here so other features
 * (the user centre's 站内信 badge) can show it without importing the content feature.
 */
export const useUnreadStore = create<{
  /** Whose count it is: a count never shows for another player after a switch of account. */
  userId: number | undefined;
  messageCount: number;
  setMessageCount(userId: number, messageCount: number): void;
}>((set) => ({
  userId: undefined,
  messageCount: 0,
  setMessageCount(userId, messageCount) {
    set({ userId, messageCount });
  },
}));

/** Unread messages of `userId` (0 until the content feature has read them). */
export const useUnreadMessageCount = (userId: number | undefined): number =>
  useUnreadStore((s) => (userId !== undefined && s.userId === userId ? s.messageCount : 0));
