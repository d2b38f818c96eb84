/**
 * The data block a server-rendered page carries its query cache in: written by the server's
 * renderer (entry-server.tsx), read by main.tsx before it hydrates. A `type="application/json"`
 * script is data, never run, so the Content-Security-Policy needs no hash or nonce for it.
 */
export const SERVER_STATE_ID = 'ssr-state';
