import { create } from 'zustand';

export const MESSAGE_POPUP_MS = 2000;

/** The top message popup 您有一条新的消息 (spec/platform.md §2): shows, then hides after 2 s. */
export const useUiStore = create<{ messagePopup: boolean; showNewMessage(): void }>((set) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    messagePopup: false,
    showNewMessage() {
      if (timer) clearTimeout(timer);
      set({ messagePopup: true });
      timer = setTimeout(() => set({ messagePopup: false }), MESSAGE_POPUP_MS);
    },
  };
});
