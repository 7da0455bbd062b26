/** The undo answer's words for a batch built part by part far away: undo moves the bot itself. */
import { describe, expect, test } from 'vitest';
import { renderUndoText, type UndoLastResult } from '../../src/results/undo.js';

const restore = {
  label: 'place_structure far_hut at 300 -60 0 (69 commands)',
  at: '2026-12-06T22:00:00.000Z',
  commands: 12,
  blocks: 245,
  mismatches: [],
};
const history = { remaining: 0, undoableNow: 0, barriers: 0, entries: [] };

describe('undo_last text for a placement built part by part', () => {
  test('undone: it says the bot was moved over each part and where it stands', () => {
    const out: UndoLastResult = {
      undone: [
        {
          ...restore,
          status: 'verified',
          restoredCount: 245,
          notRestoredCount: 0,
          botPosition: { x: 312.5, y: -54, z: 8.5 },
        },
      ],
      passed: [],
      ...history,
    };
    expect(renderUndoText(out)).toMatch(/the bot was moved over each part of it and stands at 312.5 -54 8.5/);
  });

  test('not read back: calling again is the remedy (undo moves the bot itself), not moving the bot by hand', () => {
    const failed = {
      ...restore,
      status: 'mismatch' as const,
      restoredCount: 244,
      notRestoredCount: 1,
      mismatches: [{ x: 300, y: -60, z: 0, expected: 'minecraft:air', actual: 'minecraft:stone_bricks' }],
    };
    const far = renderUndoText({
      undone: [],
      passed: [],
      failed: { ...failed, botPosition: { x: 1, y: 2, z: 3 } },
      ...history,
    });
    expect(far).toMatch(/call undo_last again \(it moves the bot over each part of the batch itself\)/);
    expect(far).not.toMatch(/tp @s there/);
    const near = renderUndoText({ undone: [], passed: [], failed, ...history });
    expect(near).toMatch(/move the bot near those blocks/);
  });
});
