import type { CaptureStrategy } from '../results/schema.js';
import type { CapturedMessage } from '../vocabulary/text/message.js';

/** How a command's capture ended. */
export type CaptureEnd =
  /** its fence arrived: `lines` are exactly its lines */
  | 'fenced'
  /** serial strategy: lines stopped arriving (or none came) within the windows */
  | 'quiet'
  /**
   * its group's fence never came (deadline, kick, lost connection), but its own reply line did: a command of
   * known reply shape (groups.ts), so `lines` are exactly its own and say what it did
   */
  | 'answered'
  /** sent, but its fence did not arrive before the deadline */
  | 'timed_out'
  /** sent, then the connection went down before its fence */
  | 'disconnected'
  /** never sent (connection down, an earlier command timed out, or cancelled) */
  | 'not_sent'
  /** ran under one fence with other commands, and the group's lines could not be split exactly */
  | 'unattributed';

export interface CapturedCommand {
  index: number;
  command: string;
  sent: boolean;
  /** ms from the start of the batch */
  sentAtMs?: number;
  /** ms the server spent on it: from when it became the head of the queue to its fence */
  durationMs: number;
  lines: CapturedMessage[];
  end: CaptureEnd;
  reason?: string;
  strategy: CaptureStrategy;
}

export interface CaptureOptions {
  /** how long the server may work on one command before it is timed_out (default 5000 ms) */
  commandTimeoutMs?: number;
  /** commands sent ahead of the one the server is working on (default MAX_IN_FLIGHT, capture/fenced.ts) */
  maxInFlight?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /**
   * Command `index` is settled: its fence came, its lines are final. Called in order, while later commands
   * are still out, so that the caller can judge it while waiting for the server.
   */
  onSettled?: (index: number, captured: CapturedCommand) => void;
  /** the connection's packet budget: sending waits while it has no room */
  budget?: Pacer;
  /** close runs of setblock/fill/clone with one fence (only with sendCommandFeedback on) */
  groupFences?: boolean;
  /**
   * The head command `index` got no reply within its deadline: nothing more is sent, and what is out has one
   * grace period of `graceMs` (a fence in it closes its commands, and sending goes on)
   */
  onLate?: (index: number, graceMs: number) => void;
  /** sending waits `waitMs` for the packet budget; `note` says why */
  onPaced?: (note: string, waitMs: number) => void;
}

/** What capture needs of a packet budget (connection/packet-budget.ts). */
export interface Pacer {
  delayFor(packets: number): number;
  /** packets the window may hold (Infinity without a limit) */
  capacity(): number;
  pacingNote(): string;
}

/** One result per command, none sent yet: the starting point of every capture strategy. */
export const unsentResults = (commands: readonly string[], strategy: CaptureStrategy): CapturedCommand[] =>
  commands.map((command, index) => ({
    index,
    command,
    sent: false,
    durationMs: 0,
    lines: [],
    end: 'not_sent',
    strategy,
  }));
