/**
 * Build jobs of one companion: started in the background on their connection, journaled, locked while
 * run, resumed after a crash or a lost connection, expired after `maxAgeDays`.
 */
import { EventEmitter } from 'node:events';
import { createJob, rewind, type StartJobInput } from './create.js';
import { JobExpiredError, JobLockedError, JobStateError } from './errors.js';
import type { JobManagerOptions } from './manager-options.js';
import { buildReport, type JobReport, type JobSummary, summarize } from './report.js';
import { type RunEnd, runJob } from './runner.js';
import type { Interruption, JobState, JobStatus } from './schema.js';
import { defaultJobsDir, JobStore, type JournalProblem, thisCompanion } from './store.js';

export type { JobManagerOptions } from './manager-options.js';

interface Running {
  controller: AbortController;
  stop: Interruption;
  done: Promise<void>;
}

const DAY_MS = 86_400_000;
const MAX_RECONNECT_DELAY_MS = 30_000;
const AUTO_RESUME_FROM = new Set<string>(['running', 'pending', 'disconnect', 'shutdown', 'crash']);

export class JobManager {
  readonly store: JobStore;
  readonly maxAgeDays: number;
  readonly autoResume: boolean;
  private readonly running = new Map<string, Running>();
  private readonly retries = new Map<string, NodeJS.Timeout>();
  private closed = false;
  /** `job` whenever a journal is written (progress), `list` when jobs come or go */
  readonly changes = new EventEmitter<{ job: [id: string]; list: [] }>();

  constructor(private readonly o: JobManagerOptions) {
    this.store = new JobStore(o.dir ?? defaultJobsDir(), Math.max(2000, o.lockStaleMs ?? 10_000));
    this.maxAgeDays = o.maxAgeDays ?? 30;
    this.autoResume = o.autoResume ?? true;
  }

  /** Creates the directory, drops old journals, reports unreadable ones and resumes interrupted jobs. */
  async init(): Promise<{ problems: JournalProblem[]; removed: string[]; resuming: string[] }> {
    await this.store.ensureDir();
    const { jobs, problems } = await this.store.list();
    for (const p of problems) this.o.log.warn(p, 'build job journal cannot be read; moved aside');
    const removed = await this.store.cleanup(
      jobs,
      this.o.maxJobs ?? 200,
      this.maxAgeDays * DAY_MS,
      this.now().getTime(),
    );
    if (removed.length > 0) this.changes.emit('list');
    const resuming: string[] = [];
    if (this.autoResume) {
      for (const job of jobs) {
        if (removed.includes(job.id) || !this.autoResumable(job)) continue;
        resuming.push(job.id);
        this.scheduleResume(job.id, 0, 0);
      }
    }
    return { problems, removed, resuming };
  }

  async start(input: StartJobInput): Promise<JobReport> {
    const target = this.o.targets.get(input.target);
    const state = createJob(input, target.description.name, this.now());
    await this.store.ensureDir();
    await this.store.save(state);
    this.changes.emit('list');
    await this.launch(state);
    return this.report(state);
  }

  /** The job's report, after waiting up to `waitSeconds` for it to stop running; failures listed from step `failuresFrom`. */
  async get(id: string, waitSeconds = 0, failuresFrom?: number): Promise<JobReport> {
    const entry = this.running.get(id);
    if (entry && waitSeconds > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([entry.done, new Promise((r) => (timer = setTimeout(r, waitSeconds * 1000)))]);
      clearTimeout(timer);
    }
    return this.report(await this.store.load(id), failuresFrom);
  }

  async list(): Promise<{ jobs: JobSummary[]; problems: JournalProblem[] }> {
    const { jobs, problems } = await this.store.list();
    const summaries = await Promise.all(jobs.map(async (j) => summarize(j, await this.status(j))));
    summaries.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    return { jobs: summaries, problems };
  }

  /** Continues a job (see rewind for `from` and `restart`). Refused when expired or run elsewhere. */
  async resume(id: string, options: { from?: string; restart?: boolean } = {}): Promise<JobReport> {
    if (this.running.has(id))
      throw new JobStateError(`build job "${id}" is already running in this companion`, {
        remedy: 'follow it with get_build_job, or cancel_build_job first',
      });
    this.cancelRetry(id);
    const before = await this.store.load(id);
    if (this.expired(before)) throw new JobExpiredError(id, this.maxAgeDays);
    this.o.targets.get(before.target); // UnknownTargetError names the connections there are
    rewind(structuredClone(before), options.from, options.restart ?? false); // checks `from` before locking
    await this.launch(before, (fresh) => rewind(fresh, options.from, options.restart ?? false));
    return this.report(await this.store.load(id));
  }

  async cancel(id: string): Promise<JobReport> {
    this.cancelRetry(id);
    const entry = this.running.get(id);
    if (entry) {
      entry.stop = 'cancelled';
      entry.controller.abort();
      await entry.done;
      return this.report(await this.store.load(id));
    }
    const state = await this.store.load(id);
    if ((await this.status(state)) === 'running') throw new JobLockedError(id, 'another companion');
    if (state.status !== 'completed') {
      const release = await this.store.lock(state, () => {});
      try {
        const fresh = await this.store.load(id);
        Object.assign(fresh, { status: 'interrupted', interruption: 'cancelled' });
        await this.save(fresh);
      } finally {
        await release();
      }
    }
    return this.report(await this.store.load(id));
  }

  /** Stops running jobs (they resume on the next start when autoResume is on) and pending retries. */
  async close(): Promise<void> {
    this.closed = true;
    for (const id of [...this.retries.keys()]) this.cancelRetry(id);
    const entries = [...this.running.values()];
    for (const e of entries) {
      e.stop = 'shutdown';
      e.controller.abort();
    }
    await Promise.allSettled(entries.map((e) => e.done));
  }

  /** Locks the job, marks it pending and runs it in the background; resolves once it is launched. */
  private async launch(state: JobState, prepare?: (fresh: JobState) => void): Promise<void> {
    const lost = new AbortController();
    const release = await this.store.lock(state, (err) => {
      this.o.log.error({ err, job: state.id }, 'build job lock lost; stopping the job');
      lost.abort();
    });
    let job: JobState;
    try {
      job = await this.store.load(state.id);
      prepare?.(job);
      Object.assign(job, {
        status: 'pending',
        runner: { ...thisCompanion(), since: this.now().toISOString() },
      });
      job.runs++;
      delete job.interruption;
      delete job.lastError;
      await this.save(job);
    } catch (err) {
      await release();
      throw err;
    }
    const controller = new AbortController();
    lost.signal.addEventListener('abort', () => controller.abort());
    const entry: Running = { controller, stop: 'shutdown', done: Promise.resolve() };
    this.running.set(job.id, entry);
    entry.done = this.run(job, entry).finally(async () => {
      this.running.delete(job.id);
      await release().catch(() => {});
    });
  }

  private async run(job: JobState, entry: Running): Promise<void> {
    let end: RunEnd;
    try {
      const session = await this.o.targets.get(job.target).get();
      job.status = 'running';
      await this.save(job);
      end = await runJob(job, {
        session,
        safety: this.o.safety,
        log: this.o.log,
        signal: entry.controller.signal,
        stopReason: () => entry.stop,
        save: (s) => this.save(s),
        undo: this.o.undo.for(job.target),
        onReconciled: (r) =>
          this.o.log.info({ job: job.id, ...r }, 'build job: uncertain steps checked in the world'),
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      end =
        job.status === 'pending'
          ? { status: 'interrupted', interruption: 'disconnect', error: `cannot connect: ${message}` }
          : { status: 'error', error: message };
    }
    job.status = end.status;
    if (end.status === 'interrupted') job.interruption = end.interruption;
    if (end.status !== 'completed' && end.error !== undefined) job.lastError = end.error;
    delete job.runner;
    await this.save(job).catch((err: unknown) =>
      this.o.log.error({ err, job: job.id }, 'cannot write the journal'),
    );
    this.o.log.info({ job: job.id, status: job.status, error: job.lastError }, 'build job stopped');
    if (end.status === 'interrupted' && end.interruption === 'disconnect' && this.autoResume) {
      this.scheduleResume(job.id, this.o.reconnectDelayMs ?? 1000, 0);
    }
  }

  /** Tries to resume after `delay`; waits for the connection and for a dead companion's lock to go stale. */
  private scheduleResume(id: string, delay: number, attempt: number): void {
    if (this.closed) return;
    this.cancelRetry(id);
    const timer = setTimeout(() => {
      this.retries.delete(id);
      void this.tryResume(id, attempt);
    }, delay);
    timer.unref();
    this.retries.set(id, timer);
  }

  private async tryResume(id: string, attempt: number): Promise<void> {
    if (this.closed || this.running.has(id)) return;
    const next = Math.min(MAX_RECONNECT_DELAY_MS, (this.o.reconnectDelayMs ?? 1000) * 2 ** attempt);
    try {
      const state = await this.store.load(id);
      if (!this.autoResumable(state)) return;
      if (await this.store.isLocked(id)) {
        // a live companion runs it, or a dead one's lock is not stale yet: look again a few times
        if (attempt < 3) this.scheduleResume(id, this.store.lockStaleMs + 500, attempt + 1);
        return;
      }
      await this.o.targets.get(state.target).get();
      await this.resume(id);
      this.o.log.info({ job: id }, 'build job resumed automatically');
    } catch (err) {
      if (err instanceof JobExpiredError || err instanceof JobStateError) return;
      this.o.log.debug({ err, job: id }, 'build job not resumed yet; will try again');
      this.scheduleResume(id, next, attempt + 1);
    }
  }

  private autoResumable(job: JobState): boolean {
    if (this.expired(job) || !this.o.targets.all().some((t) => t.description.name === job.target))
      return false;
    return AUTO_RESUME_FROM.has(job.status === 'interrupted' ? (job.interruption ?? 'crash') : job.status);
  }

  private cancelRetry(id: string): void {
    clearTimeout(this.retries.get(id));
    this.retries.delete(id);
  }

  private async status(job: JobState): Promise<JobStatus> {
    if (this.running.has(job.id)) return job.status === 'pending' ? 'pending' : 'running';
    const live = job.status === 'running' || job.status === 'pending';
    if (live && (await this.store.isLocked(job.id).catch(() => false))) return job.status;
    if (job.status !== 'completed' && this.expired(job)) return 'expired';
    return live ? 'interrupted' : job.status;
  }

  private async report(job: JobState, failuresFrom?: number): Promise<JobReport> {
    const status = await this.status(job);
    const shown =
      status === 'interrupted' && !job.interruption ? { ...job, interruption: 'crash' as const } : job;
    return buildReport(shown, status, {
      maxAgeDays: this.maxAgeDays,
      autoResume: this.autoResume,
      ...(failuresFrom !== undefined ? { failuresFrom } : {}),
    });
  }

  private expired(job: JobState): boolean {
    return this.now().getTime() - Date.parse(job.createdAt) > this.maxAgeDays * DAY_MS;
  }

  private async save(job: JobState): Promise<void> {
    job.updatedAt = this.now().toISOString();
    await this.store.save(job);
    this.changes.emit('job', job.id);
  }

  private now(): Date {
    return this.o.now?.() ?? new Date();
  }
}
