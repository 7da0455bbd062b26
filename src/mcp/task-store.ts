/**
 * MCP tasks of protocol 2025-11-25 (`tasks/get`, `tasks/result`, `tasks/list`, `tasks/cancel`): where the task
 * of a task-augmented tool call lives while its work runs, and its result after. One store for the whole
 * companion, shared by every MCP server (each HTTP session has one): a client that reconnects, in a new
 * session, can still read its task. Everyone behind the bearer token is the same user, so tasks are not bound
 * to a session.
 *
 * Bounded in count and age: a finished task is kept `ttl` after its last change (the client's ttl, at most
 * `maxAgeMs`); past `maxTasks`, the oldest finished tasks go first, and a new task is refused when that many
 * are still running.
 *
 * Cancelling (`tasks/cancel`) aborts the task's signal; its work stops after what it has already sent and
 * stores the result saying what became of every command; `tasks/result` waits for that result.
 */
import { randomUUID } from 'node:crypto';
import type { Result, Task } from '@modelcontextprotocol/server';
import { McbridgeError } from '../vocabulary/errors.js';

export const DEFAULT_MAX_TASKS = 100;
export const DEFAULT_TASK_MAX_AGE_MS = 60 * 60_000;
/** how often a client should ask tasks/get, in ms */
const POLL_INTERVAL_MS = 1000;
const PAGE_SIZE = 20;

/** a protocol-level failure of a task's work (it threw rather than answering), as JSON-RPC says an error */
export interface TaskError {
  code: number;
  message: string;
}

interface Entry {
  task: Task;
  controller: AbortController;
  result?: Result;
  error?: TaskError;
  finished: Promise<void>;
  finish: () => void;
}

/** A task with what its work ended with: the result (a tool's answer, errors included) or a protocol error. */
export interface TaskDetail {
  task: Task;
  /** the work has stopped and its result is stored */
  finished: boolean;
  result?: Result;
  error?: TaskError;
}

const terminal = (status: Task['status']) =>
  status === 'completed' || status === 'failed' || status === 'cancelled';

export class McbridgeTaskStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly maxTasks = DEFAULT_MAX_TASKS,
    readonly maxAgeMs = DEFAULT_TASK_MAX_AGE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new working task; `ttl` is the client's wish, capped at `maxAgeMs`. */
  createTask(params: { ttl?: number | null | undefined }): Task {
    this.prune(true);
    if (this.entries.size >= this.maxTasks)
      throw new McbridgeError(`${this.maxTasks} MCP tasks are still running`, {
        remedy: 'wait for some to finish, or cancel some with tasks/cancel',
      });
    const at = new Date(this.now()).toISOString();
    const ttl = Math.min(params.ttl ?? this.maxAgeMs, this.maxAgeMs);
    const task: Task = {
      taskId: randomUUID(),
      status: 'working',
      ttl,
      createdAt: at,
      lastUpdatedAt: at,
      pollInterval: POLL_INTERVAL_MS,
    };
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    this.entries.set(task.taskId, { task, controller: new AbortController(), finished, finish });
    return { ...task };
  }

  getTask(taskId: string): Task | null {
    this.prune();
    const entry = this.entries.get(taskId);
    return entry ? { ...entry.task } : null;
  }

  /** The end of a task's work: its result, and the protocol error when the work threw instead of answering. */
  storeTaskResult(taskId: string, status: 'completed' | 'failed', result: Result, error?: TaskError): void {
    const entry = this.entries.get(taskId);
    if (!entry) throw new Error(`task ${taskId} not found: it expired`);
    if (entry.result) throw new Error(`task ${taskId} has its result already`);
    entry.result = result;
    if (error) entry.error = error;
    // a cancelled task stays cancelled; its result says what was done before it stopped
    if (entry.task.status !== 'cancelled') entry.task.status = status;
    // the last progress may be older than the end: the status says how the work ended, in the answer's words
    const headline = endLine(result);
    if (headline) entry.task.statusMessage = `${entry.task.status}: ${headline}`;
    this.touch(entry);
    entry.finish();
  }

  /** The task with its result or error once its work has stopped; null when unknown or expired. */
  detail(taskId: string): TaskDetail | null {
    this.prune();
    const entry = this.entries.get(taskId);
    if (!entry) return null;
    return {
      task: { ...entry.task },
      finished: entry.result !== undefined,
      ...(entry.result ? { result: entry.result } : {}),
      ...(entry.error ? { error: { ...entry.error } } : {}),
    };
  }

  async getTaskResult(taskId: string): Promise<Result> {
    const entry = this.entries.get(taskId);
    if (!entry) throw new Error(`task ${taskId} not found: it expired or never existed`);
    await entry.finished;
    return entry.result!;
  }

  updateTaskStatus(taskId: string, status: Task['status'], statusMessage?: string): Task {
    const entry = this.entries.get(taskId);
    if (!entry) throw new Error(`task ${taskId} not found: it expired`);
    if (terminal(entry.task.status))
      throw new Error(`task ${taskId} is ${entry.task.status} already: it cannot become ${status}`);
    if (status === 'completed' || status === 'failed')
      throw new Error(`a task becomes ${status} by storing its result`);
    entry.task.status = status;
    if (statusMessage !== undefined) entry.task.statusMessage = statusMessage;
    if (status === 'cancelled') {
      entry.task.statusMessage =
        'cancelled: stopping after the commands already sent; the result accounts for every command';
      entry.controller.abort();
    }
    this.touch(entry);
    return { ...entry.task };
  }

  listTasks(cursor?: string): { tasks: Task[]; nextCursor?: string } {
    this.prune();
    const all = [...this.entries.values()];
    const start = cursor === undefined ? 0 : all.findIndex((e) => e.task.taskId === cursor) + 1;
    if (cursor !== undefined && start === 0) throw new Error(`unknown cursor ${cursor}`);
    const page = all.slice(start, start + PAGE_SIZE);
    return {
      tasks: page.map((e) => ({ ...e.task })),
      ...(start + PAGE_SIZE < all.length ? { nextCursor: page.at(-1)!.task.taskId } : {}),
    };
  }

  /** The signal that stops this task's work (aborted by tasks/cancel). */
  signal(taskId: string): AbortSignal {
    return this.entry(taskId).controller.signal;
  }

  /** Progress of a working task, in its status message; false once the task has ended. */
  progress(taskId: string, message: string): boolean {
    const entry = this.entries.get(taskId);
    if (!entry || terminal(entry.task.status)) return false;
    entry.task.statusMessage = message;
    this.touch(entry);
    return true;
  }

  /** tasks kept now */
  get size(): number {
    return this.entries.size;
  }

  private entry(taskId: string): Entry {
    const entry = this.entries.get(taskId);
    if (!entry) throw new Error(`task ${taskId} not found`);
    return entry;
  }

  private touch(entry: Entry): void {
    entry.task.lastUpdatedAt = new Date(this.now()).toISOString();
  }

  /** Drops finished tasks past their ttl; to make room for one more, the oldest finished ones past `maxTasks`. */
  private prune(makeRoom = false): void {
    const now = this.now();
    const finished = [...this.entries.values()].filter((e) => e.result !== undefined);
    for (const e of finished)
      if (Date.parse(e.task.lastUpdatedAt) + (e.task.ttl ?? this.maxAgeMs) <= now)
        this.entries.delete(e.task.taskId);
    if (!makeRoom) return;
    let over = this.entries.size - this.maxTasks + 1;
    for (const e of finished) {
      if (over <= 0) break;
      if (this.entries.delete(e.task.taskId)) over--;
    }
  }
}

/**
 * The first line of a tool result's first text content; with the commands a stopped batch never sent
 * (`skippedCount` of a batch's answer), which that line does not count.
 */
function endLine(result: Result): string | undefined {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content;
  const text = content?.find((c) => c.type === 'text')?.text;
  const line = text?.split('\n')[0]?.slice(0, 300);
  if (!line) return undefined;
  const skipped = (result.structuredContent as { skippedCount?: unknown } | undefined)?.skippedCount;
  return typeof skipped === 'number' && skipped > 0 ? `${line}; ${skipped} skipped, not sent` : line;
}
