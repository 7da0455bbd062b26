/**
 * The full results of the last few bounded batches, kept in memory so that a model can page through
 * what a bounded answer (place_structure) left out. Oldest first out; nothing is written to disk.
 */
import { randomBytes } from 'node:crypto';
import type { BatchResult } from './schema.js';

/** How many batches stay readable; older ones are dropped. */
export const KEPT_BATCHES = 16;

export class ResultPages {
  private readonly batches = new Map<string, BatchResult>();

  constructor(private readonly keep = KEPT_BATCHES) {}

  /** Remembers a batch and returns the id to read it back with. */
  put(batch: BatchResult): string {
    const id = `b-${randomBytes(4).toString('hex')}`;
    this.batches.set(id, batch);
    while (this.batches.size > this.keep) {
      const oldest = this.batches.keys().next().value;
      if (oldest === undefined) break;
      this.batches.delete(oldest);
    }
    return id;
  }

  get(id: string): BatchResult | undefined {
    return this.batches.get(id);
  }
}
