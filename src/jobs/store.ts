/**
 * Where journals live: `<dir>/<id>.json`, written atomically (temp file + rename), locked while a job is
 * run so that two companions never run it at once. A file that cannot be read is moved aside as
 * `*.corrupt` and reported; it never takes the server down.
 */
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { homedir, hostname } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import writeFileAtomic from 'write-file-atomic';
import { JobCorruptError, JobLockedError, JobNotFoundError } from './errors.js';
import { JOB_ID_PATTERN, type JobState, JobStateSchema } from './schema.js';

export interface JournalProblem {
  file: string;
  problem: string;
  /** where the unreadable file was moved */
  movedTo?: string;
}

/** `$MCBRIDGE_JOBS_DIR`, else `$XDG_STATE_HOME/mcbridge/jobs`, else `~/.local/state/mcbridge/jobs`. */
export function defaultJobsDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env['MCBRIDGE_JOBS_DIR']) return env['MCBRIDGE_JOBS_DIR'];
  if (process.platform === 'win32' && env['LOCALAPPDATA'])
    return join(env['LOCALAPPDATA'], 'mcbridge', 'jobs');
  const state = env['XDG_STATE_HOME'] || join(homedir(), '.local', 'state');
  return join(state, 'mcbridge', 'jobs');
}

export const thisCompanion = () => ({ pid: process.pid, host: hostname() });

export class JobStore {
  constructor(
    readonly dir: string,
    /** a lock not refreshed for this long belongs to a companion that died (min 2000, default 10 000) */
    readonly lockStaleMs = 10_000,
  ) {}

  file(id: string): string {
    if (!JOB_ID_PATTERN.test(id)) throw new JobNotFoundError(id);
    return join(this.dir, `${id}.json`);
  }

  async ensureDir(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  async save(state: JobState): Promise<void> {
    await writeFileAtomic(this.file(state.id), `${JSON.stringify(state)}\n`);
  }

  /** Throws JobNotFoundError, or JobCorruptError after moving the file aside. */
  async load(id: string): Promise<JobState> {
    const file = this.file(id);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new JobNotFoundError(id);
      throw new JobCorruptError(file, (err as Error).message, undefined);
    }
    let problem: string;
    try {
      const parsed = JobStateSchema.safeParse(JSON.parse(text));
      if (parsed.success && parsed.data.id === id) return parsed.data;
      problem = parsed.success
        ? `it holds job "${parsed.data.id}"`
        : `not a journal: ${parsed.error.issues
            .slice(0, 3)
            .map((i) => `${i.path.join('.') || '(root)'} ${i.message}`)
            .join('; ')}`;
    } catch (err) {
      problem = `invalid JSON: ${(err as Error).message}`;
    }
    throw new JobCorruptError(file, problem, await this.quarantine(file));
  }

  /** Every readable journal, and what was wrong with the others (those are moved aside). */
  async list(): Promise<{ jobs: JobState[]; problems: JournalProblem[] }> {
    const jobs: JobState[] = [];
    const problems: JournalProblem[] = [];
    for (const name of await this.names()) {
      try {
        jobs.push(await this.load(name.slice(0, -'.json'.length)));
      } catch (err) {
        if (err instanceof JobCorruptError)
          problems.push({
            file: err.file,
            problem: err.problem,
            ...(err.movedTo ? { movedTo: err.movedTo } : {}),
          });
        else if (!(err instanceof JobNotFoundError)) throw err;
      }
    }
    return { jobs, problems };
  }

  /**
   * Takes the job's lock for this process; throws JobLockedError when another companion holds it.
   * `onLost` is called if the lock is taken away while held (the job must stop).
   */
  async lock(state: JobState, onLost: (err: Error) => void): Promise<() => Promise<void>> {
    try {
      return await lockfile.lock(this.file(state.id), {
        stale: this.lockStaleMs,
        realpath: false,
        retries: 0,
        onCompromised: onLost,
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
      const r = state.runner;
      throw new JobLockedError(
        state.id,
        r ? `another companion (pid ${r.pid} on ${r.host})` : 'another companion',
      );
    }
  }

  /** Whether a live companion (this one included) holds the job's lock. */
  isLocked(id: string): Promise<boolean> {
    return lockfile.check(this.file(id), { stale: this.lockStaleMs, realpath: false });
  }

  async remove(id: string): Promise<void> {
    await rm(this.file(id), { force: true });
  }

  /**
   * Keeps the newest `maxJobs` journals (by last update) and drops the rest unless a companion runs them;
   * drops `*.corrupt` files and leftover temp files older than `maxAgeMs`. Returns the ids removed.
   */
  async cleanup(
    jobs: readonly JobState[],
    maxJobs: number,
    maxAgeMs: number,
    now = Date.now(),
  ): Promise<string[]> {
    const removed: string[] = [];
    const newestFirst = [...jobs].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    for (const job of newestFirst.slice(maxJobs)) {
      if (await this.isLocked(job.id).catch(() => true)) continue;
      await this.remove(job.id);
      removed.push(job.id);
    }
    for (const name of await readdir(this.dir)) {
      // ours only: moved-aside journals and write-file-atomic's temp files (`<id>.json.<number>`)
      if (!name.endsWith('.corrupt') && !/\.json\.\d+$/.test(name)) continue;
      const path = join(this.dir, name);
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile() && now - info.mtimeMs > maxAgeMs) await rm(path, { force: true });
    }
    return removed;
  }

  private async names(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter(
        (n) => n.endsWith('.json') && JOB_ID_PATTERN.test(n.slice(0, -5)),
      );
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
  }

  private async quarantine(file: string): Promise<string | undefined> {
    const target = `${file}.${Date.now()}.corrupt`;
    try {
      await rename(file, target);
      return target;
    } catch {
      return undefined;
    }
  }
}
