/** The avatars we drew (apps/server/assets/avatars), the only values infoUpdate accepts. */
export const AVATAR_COUNT = 8;

export const DEFAULT_AVATARS: readonly string[] = Array.from(
  { length: AVATAR_COUNT },
  (_, i) => `/static/avatars/avatar-${String(i + 1).padStart(2, '0')}.svg`,
);
