/**
 * Secrets for the sockets mcbridge opens (bridge, HTTP): given by flag or environment, else read from the
 * user's config dir, else generated there on first run (0600, written atomically).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { McbridgeError } from '../vocabulary/errors.js';

export interface StoredToken {
  token: string;
  /** the file it came from or went to (absent when given by flag or env) */
  path?: string;
  created: boolean;
}

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env['XDG_CONFIG_HOME'] || join(homedir(), '.config'), 'mcbridge');
}

export async function loadOrCreateToken(opts: {
  /** file name in the config dir, e.g. `bridge-token` */
  fileName: string;
  envVar: string;
  token?: string;
  path?: string;
  env?: NodeJS.ProcessEnv;
}): Promise<StoredToken> {
  const env = opts.env ?? process.env;
  const given = opts.token ?? env[opts.envVar];
  if (given) {
    if (given.length < 16)
      throw new McbridgeError('the token is too short', { remedy: 'use at least 16 characters' });
    return { token: given, created: false };
  }
  const path = opts.path ?? join(configDir(env), opts.fileName);
  try {
    const token = (await readFile(path, 'utf8')).trim();
    if (token.length >= 16) return { token, path, created: false };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new McbridgeError(`cannot read the token file ${path}`, {
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
