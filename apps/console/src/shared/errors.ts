import { ConsoleApiError } from '../api/call';

/** What to tell the operator about a failed call: the server's message, or a generic one. */
export function errorText(error: unknown): string {
  if (error instanceof ConsoleApiError) return error.message;
  return '操作失败，请稍后再试';
}
