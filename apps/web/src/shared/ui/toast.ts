import { Toast } from 'antd-mobile';

/** Toast times of spec/platform.md §9: 2 s for information, 0.6 s for success. */
export const INFO_TOAST_MS = 2000;
export const SUCCESS_TOAST_MS = 600;

export function toastSuccess(content: string): void {
  Toast.show({ icon: 'success', content, duration: SUCCESS_TOAST_MS });
}

export function toastInfo(content: string): void {
  Toast.show({ content, duration: INFO_TOAST_MS });
}
