/** Only our own paths may be a redirect target (no //evil.example, no absolute URLs, no loops). */
export function safeRedirect(target: string | null | undefined, fallback = '/home'): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target.startsWith('/login') || target.startsWith('/register')) return fallback;
  return target;
}
