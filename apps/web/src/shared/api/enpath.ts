import { callUrl, encodeCallPath } from '@lottery/contract/enpath';

/**
 * The web client always calls `/v1/enpath/{base64 of the path after /v1/}` (DESIGN.md §4), e.g.
 * `users/login` -> `/v1/enpath/dXNlcnMvbG9naW4=`. The query string stays outside the encoding.
 * Both live in contract/enpath.ts: the server names first-screen calls by the same URLs.
 */
export const encodePath = encodeCallPath;
export const enpathUrl = callUrl;
