/** What a JobManager is given: where jobs run, where journals live, and how patient it is. */
import type { UndoRegistry } from '../batch/undo.js';
import type { Targets } from '../connection/targets.js';
import type { Logger } from '../vocabulary/logger.js';
import type { SafetyConfig } from '../safety/config.js';

export interface JobManagerOptions {
  targets: Targets;
  safety: SafetyConfig;
  log: Logger;
  /** default: defaultJobsDir() ($MCBRIDGE_JOBS_DIR, $XDG_STATE_HOME/mcbridge/jobs, ~/.local/state/mcbridge/jobs) */
  dir?: string;
  /** jobs older than this are expired and cannot be resumed (default 30) */
  maxAgeDays?: number;
  /** journals kept; the oldest beyond this are deleted on start (default 200) */
  maxJobs?: number;
  /** the undo history execute_commands uses: a job leaves a "not recorded" marker there */
  undo: UndoRegistry;
  /** resume interrupted jobs on start and when a lost connection returns (default true) */
  autoResume?: boolean;
  /** a lock not refreshed for this long is a dead companion's (default 10 000, min 2000) */
  lockStaleMs?: number;
  /** first wait before trying a lost connection again; doubles up to 30 s (default 1000) */
  reconnectDelayMs?: number;
  now?: () => Date;
}
