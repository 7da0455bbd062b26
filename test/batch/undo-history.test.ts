/**
 * The undo history's bounds: ten recorded batches whatever barriers stand between them, a barrier per source
 * (the newest), and barriers bounded too, the oldest entries going first.
 */
import { describe, expect, test } from 'vitest';
import { UNDO_MAX_BARRIERS, UNDO_MAX_BATCHES, type UndoEntry, UndoHistory } from '../../src/batch/undo.js';

const batch = (n: number): UndoEntry => ({
  kind: 'recorded',
  label: `batch ${n}`,
  at: '2026-12-06T00:00:00Z',
  snapshot: { boxes: [], states: new Map([[`${n},0,0`, 'minecraft:air']]) },
});
const barrier = (source: string, n = 0) => ({
  kind: 'not_recorded' as const,
  label: `build job ${source} (run ${n})`,
  at: '2026-12-06T00:00:00Z',
  reason: 'build jobs are not snapshotted for undo',
  source,
});
const labels = (h: UndoHistory) => h.list().map((e) => e.label);

describe('UndoHistory', () => {
  test('barriers take none of the places of the recorded batches', () => {
    const h = new UndoHistory();
    for (let i = 0; i < UNDO_MAX_BATCHES; i++) {
      h.push(batch(i));
      h.mark(barrier(`job-${i}`));
    }
    expect(h.list().filter((e) => e.kind === 'recorded')).toHaveLength(UNDO_MAX_BATCHES);
    expect(labels(h)).toContain('batch 0');
    h.push(batch(10));
    // the eleventh recorded batch pushes out the oldest one, not a barrier's worth more
    expect(labels(h)).not.toContain('batch 0');
    expect(labels(h)).toContain('batch 1');
  });

  test('one source keeps one barrier: on top already, nothing changes; below a newer batch, it moves on top', () => {
    const h = new UndoHistory();
    h.push(batch(1));
    h.mark(barrier('job', 1));
    h.mark(barrier('job', 2));
    expect(labels(h)).toEqual(['build job job (run 1)', 'batch 1']);
    h.push(batch(2));
    h.mark(barrier('job', 3));
    expect(labels(h)).toEqual(['build job job (run 3)', 'batch 2', 'batch 1']);
  });

  test(`at most ${UNDO_MAX_BARRIERS} barriers: past that the oldest entries go`, () => {
    const h = new UndoHistory();
    h.push(batch(0));
    for (let i = 0; i <= UNDO_MAX_BARRIERS; i++) h.mark(barrier(`job-${i}`));
    expect(h.list().filter((e) => e.kind === 'not_recorded')).toHaveLength(UNDO_MAX_BARRIERS);
    // the oldest entry went first: the batch under every barrier, then the oldest barrier
    expect(labels(h)).not.toContain('batch 0');
    expect(labels(h)).not.toContain('build job job-0 (run 0)');
    expect(labels(h)[0]).toBe(`build job job-${UNDO_MAX_BARRIERS} (run 0)`);
  });
});
