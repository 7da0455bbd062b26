/**
 * Undo: the snapshots of the last write batches of a connection, kept in memory. A change undo did not
 * record — a write batch whose blocks could not be snapshotted, a build job — leaves a `not_recorded` entry
 * instead: a barrier, so that undo_last stops there and says why rather than undo an older batch over blocks
 * it never saw change. Bounded: at most UNDO_MAX_BATCHES recorded batches and UNDO_MAX_BLOCKS positions in
 * all, and at most UNDO_MAX_BARRIERS barriers; older entries are dropped first. Barriers take none of the
 * places kept for recorded batches, and one source (a build job, however often it runs or resumes) holds one
 * barrier: the newest, since undo stops at the first barrier it meets.
 */
import type { BlockPos, Box } from '../vocabulary/blocks/box.js';
import type { Snapshot } from './snapshot.js';

export const UNDO_MAX_BATCHES = 10;
export const UNDO_MAX_BLOCKS = 262_144;
export const UNDO_MAX_BARRIERS = 10;

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

/** A change undo cannot put back, and why: a barrier undo_last stops at. */
export interface UnrecordedUndo extends EntryBase {
  kind: 'not_recorded';
  reason: string;
  /** what made it, when one source may mark again (e.g. `job:<id>`): it keeps one entry, the newest */
  source?: string;
}

export type UndoEntry = RecordedUndo | UnrecordedUndo;

export class UndoHistory {
  private readonly entries: UndoEntry[] = [];

  push(entry: UndoEntry): void {
    this.entries.push(entry);
    while (
      this.count('recorded') > UNDO_MAX_BATCHES ||
      this.count('not_recorded') > UNDO_MAX_BARRIERS ||
      (this.entries.length > 1 && this.blocks() > UNDO_MAX_BLOCKS)
    ) {
      this.entries.shift();
    }
  }

  /**
   * Puts a barrier of `entry.source` on top, unless it is there already; an older barrier of the same source
   * goes (undo stops at the newest barrier, and a barrier it passes is passed with every other one).
   */
  mark(entry: UnrecordedUndo & { source: string }): void {
    const top = this.entries.at(-1);
    if (top?.kind === 'not_recorded' && top.source === entry.source) return;
    const older = this.entries.findIndex((e) => e.kind === 'not_recorded' && e.source === entry.source);
    if (older >= 0) this.entries.splice(older, 1);
    this.push(entry);
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

  private count(kind: UndoEntry['kind']): number {
    return this.entries.reduce((n, e) => n + (e.kind === kind ? 1 : 0), 0);
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
