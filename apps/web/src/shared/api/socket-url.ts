import { enpathUrl } from './enpath';

type Query = Record<string, string | number | boolean | undefined>;

/**
 * A socket's address: ws(s)://host/v1/enpath/{base64 of the path}?query, the enpath form of every
 * call (enpath.ts), so no feature spells `/v1/`. The server decodes it before routing, upgrades
 * included. `path` is the contract's (`game/socket`); a leading `/v1/` (the path the server hands
 * out with a game token) is dropped before encoding. Undefined query values are left out.
 */
export function socketUrl(path: string, query?: Query, origin = window.location.origin): string {
  return `${origin.replace(/^http/, 'ws')}${enpathUrl(path, query)}`;
}
