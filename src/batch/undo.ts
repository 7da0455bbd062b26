/**
 * Undo: the snapshots of the last applied batches of a connection, kept in memory. Bounded: at most
 * UNDO_MAX_BATCHES entries and UNDO_MAX_BLOCKS positions in all; older entries are dropped first.
 */
import type { Snapshot } from './snapshot.js';

export const UNDO_MAX_BATCHES = 10;
export const UNDO_MAX_BLOCKS = 262_144;

export interface UndoEntry {
  /** what the batch did, e.g. "12 commands: setblock …" */
  label: string;
  at: string;
  snapshot: Snapshot;
}

export class UndoHistory {
  private readonly entries: UndoEntry[] = [];

  push(entry: UndoEntry): void {
    this.entries.push(entry);
    while (
      this.entries.length > UNDO_MAX_BATCHES ||
      (this.entries.length > 1 && this.blocks() > UNDO_MAX_BLOCKS)
    ) {
      this.entries.shift();
    }
  }

  /** The most recent `n` entries, newest first, removed from the history. */
  take(n: number): UndoEntry[] {
    return this.entries.splice(Math.max(0, this.entries.length - n)).reverse();
  }

  /** Puts entries back (newest first order), e.g. after a failed undo. */
  restore(newestFirst: UndoEntry[]): void {
    this.entries.push(...[...newestFirst].reverse());
  }

  get size(): number {
    return this.entries.length;
  }

  private blocks(): number {
    return this.entries.reduce((n, e) => n + e.snapshot.states.size, 0);
  }
}

/** One history per connection name, surviving reconnects. */
export class UndoRegistry {
  private readonly byTarget = new Map<string, UndoHistory>();

  for(target: string): UndoHistory {
    let history = this.byTarget.get(target);
    if (!history) {
      history = new UndoHistory();
      this.byTarget.set(target, history);
    }
    return history;
  }
}
