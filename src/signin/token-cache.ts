/**
 * Where Microsoft sign-in tokens live: mcbridge's own state directory (`$MCBRIDGE_AUTH_DIR`, else
 * `$XDG_STATE_HOME/mcbridge/auth`, else `~/.local/state/mcbridge/auth`), the directory 0700 and every file
 * 0600, written atomically. Implements the cache interface prismarine-auth's token managers use
 * (`prismarine-auth/src/common/cache/FileCache.js`: getCached, setCached, setCachedPartial, reset).
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

export function defaultAuthDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env['MCBRIDGE_AUTH_DIR']) return env['MCBRIDGE_AUTH_DIR'];
  const state = env['XDG_STATE_HOME'] || join(homedir(), '.local', 'state');
  return join(state, 'mcbridge', 'auth');
}

type Cached = Record<string, unknown>;

/** One cache file (one token kind of one account). */
export class SecureFileCache {
  private cache: Cached | undefined;

  constructor(readonly path: string) {}

  async reset(): Promise<Cached> {
    await this.setCached({});
    return {};
  }

  async getCached(): Promise<Cached> {
    if (this.cache === undefined) {
      try {
        this.cache = JSON.parse(readFileSync(this.path, 'utf8')) as Cached;
      } catch {
        this.cache = {};
      }
    }
    return this.cache;
  }

  async setCached(value: Cached): Promise<void> {
    this.cache = value;
    await writeFileAtomic(this.path, JSON.stringify(value), { mode: 0o600 });
  }

  async setCachedPartial(value: Cached): Promise<void> {
    await this.setCached({ ...(await this.getCached()), ...value });
  }
}

/** File names are a hash of the account, never the e-mail itself. */
function accountPrefix(account: string): string {
  return createHash('sha1').update(account.toLowerCase()).digest('hex').slice(0, 12);
}

export class TokenStore {
  constructor(readonly dir: string = defaultAuthDir()) {}

  /** The cache factory prismarine-auth's Authflow takes instead of a folder. */
  cacheFactory(): (o: { cacheName: string; username: string }) => SecureFileCache {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    chmodSync(this.dir, 0o700);
    return ({ cacheName, username }) =>
      new SecureFileCache(join(this.dir, `${accountPrefix(username)}_${cacheName}-cache.json`));
  }

  /** The token files of one account. */
  files(account: string): string[] {
    const prefix = `${accountPrefix(account)}_`;
    try {
      return readdirSync(this.dir)
        .filter((f) => f.startsWith(prefix))
        .map((f) => join(this.dir, f));
    } catch {
      return [];
    }
  }

  /** Removes the account's tokens; returns how many files were removed. */
  remove(account: string): number {
    const files = this.files(account);
    for (const file of files) rmSync(file, { force: true });
    return files.length;
  }
}
