/** The HTTP bearer token: flag, `MCBRIDGE_HTTP_TOKEN`, or `~/.config/mcbridge/http-token` (created 0600). */
import { loadOrCreateToken, type StoredToken } from './token.js';

export const HTTP_TOKEN_ENV = 'MCBRIDGE_HTTP_TOKEN';

export function loadOrCreateHttpToken(
  opts: { token?: string; path?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<StoredToken> {
  return loadOrCreateToken({ fileName: 'http-token', envVar: HTTP_TOKEN_ENV, ...opts });
}
