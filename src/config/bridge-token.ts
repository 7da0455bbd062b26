/** The bridge token: flag, `MCBRIDGE_BRIDGE_TOKEN`, or `~/.config/mcbridge/bridge-token` (created 0600). The mod reads the same file. */
import { join } from 'node:path';
import { configDir, loadOrCreateToken, type StoredToken } from './token.js';

export const BRIDGE_TOKEN_ENV = 'MCBRIDGE_BRIDGE_TOKEN';

export const defaultBridgeTokenPath = (env: NodeJS.ProcessEnv = process.env): string =>
  join(configDir(env), 'bridge-token');

export type BridgeToken = StoredToken;

export function loadOrCreateBridgeToken(
  opts: { token?: string; path?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<BridgeToken> {
  return loadOrCreateToken({ fileName: 'bridge-token', envVar: BRIDGE_TOKEN_ENV, ...opts });
}
