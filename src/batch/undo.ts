/**
 * Undo: the snapshots of the last write batches of a connection, kept in memory. A write batch whose
 * blocks could not be snapshotted leaves a `not_recorded` marker instead, so that undo_last stops there and
 * says why rather than silently undoing an older batch. Bounded: at most UNDO_MAX_BATCHES entries and
 * UNDO_MAX_BLOCKS positions in all; older entries are dropped first.
 */
import type { BlockPos, Box } from '../vocabulary/blocks/box.js';
import type { Snapshot } from './snapshot.js';

export const UNDO_MAX_BATCHES = 10;
export const UNDO_MAX_BLOCKS = 262_144;

interface EntryBase {
  /** what the batch did, e.g. "12 commands: setblock …" */
  label: string;
  at: string;
}

export interface RecordedUndo extends EntryBase {
  kind: 'recorded';
  snapshot: Snapshot;
  /**
   * A batch built part by part with the bot moved to each (place_structure far away): where the bot stands
   * to reach each part's boxes of the snapshot. Undo moves it there before putting that part back.
   */
  stands?: UndoStand[];
}

export interface UndoStand {
  at: BlockPos;
  boxes: Box[];
}

/** A write batch undo cannot put back, and why. */
export interface UnrecordedUndo extends EntryBase {
  kind: 'not_recorded';
  reason: string;
}

export type UndoEntry = RecordedUndo | UnrecordedUndo;

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

  /** The newest entry, left in place. */
  peek(): UndoEntry | undefined {
    return this.entries.at(-1);
  }

  /** Removes and returns the newest entry. */
  pop(): UndoEntry | undefined {
    return this.entries.pop();
  }

  /** Puts an entry back on top, e.g. after an undo whose restore did not verify. */
  putBack(entry: UndoEntry): void {
    this.entries.push(entry);
  }

  /** Every entry, newest first. */
  list(): readonly UndoEntry[] {
    return [...this.entries].reverse();
  }

  get size(): number {
    return this.entries.length;
  }

  private blocks(): number {
    return this.entries.reduce((n, e) => n + (e.kind === 'recorded' ? e.snapshot.states.size : 0), 0);
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
