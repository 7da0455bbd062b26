/**
 * The bridge token: given by flag or `MCBRIDGE_BRIDGE_TOKEN`, else read from the user's config dir, else
 * generated there on first run (0600, written atomically). The mod reads the same file.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { McbridgeError } from '../errors.js';

export const BRIDGE_TOKEN_ENV = 'MCBRIDGE_BRIDGE_TOKEN';

export function defaultBridgeTokenPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env['XDG_CONFIG_HOME'] || join(homedir(), '.config');
  return join(base, 'mcbridge', 'bridge-token');
}

export interface BridgeToken {
  token: string;
  /** the file it came from or went to (absent when given by flag or env) */
  path?: string;
  created: boolean;
}

export async function loadOrCreateBridgeToken(
  opts: { token?: string; path?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<BridgeToken> {
  const env = opts.env ?? process.env;
  const given = opts.token ?? env[BRIDGE_TOKEN_ENV];
  if (given) {
    if (given.length < 16)
      throw new McbridgeError('the bridge token is too short', { remedy: 'use at least 16 characters' });
    return { token: given, created: false };
  }
  const path = opts.path ?? defaultBridgeTokenPath(env);
  try {
    const token = (await readFile(path, 'utf8')).trim();
    if (token.length >= 16) return { token, path, created: false };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new McbridgeError(`cannot read the bridge token file ${path}`, {
        cause: err,
        remedy: 'fix its permissions, or delete it to get a new one',
      });
    }
  }
  const token = randomBytes(24).toString('base64url');
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFileAtomic(path, `${token}\n`, { mode: 0o600 });
  return { token, path, created: true };
}
