/**
 * Rules behind issue 15's state answers, one row per case: which teleports can only move the bot (their
 * position packet is then awaited as proof), and how a rolled-back batch is told — including a restore
 * that left blocks behind, which must be listed exactly.
 */
import { describe, expect, test } from 'vitest';
import { parseCommand } from '../../src/commands/parse.js';
import { teleportExpectation } from '../../src/execute/bot-moves.js';
import { recordUndo } from '../../src/execute/record-undo.js';
import { rollbackHeadline, undoLine } from '../../src/results/text.js';
import { UndoHistory } from '../../src/batch/undo.js';
import type { BatchResult, CommandResult } from '../../src/results/schema.js';

const executor = { x: 0.5, y: -60, z: 0.5, yaw: 0, pitch: 0 };

describe('teleportExpectation', () => {
  test.each([
    ['tp 10 -60 10', 'bot'],
    ['tp @s ~ ~5 ~', 'bot'],
    ['teleport Builder 1 2 3', 'bot'],
    ['minecraft:tp @s 1 2 3', 'bot'],
    ['execute at @s run tp @s ~ ~2 ~', 'bot'],
    ['tp Steve', 'bot'],
    ['tp @e[type=minecraft:pig] ~ ~ ~', 'maybe'],
    ['tp @a 0 0 0', 'maybe'],
    ['execute as @e[type=minecraft:pig] run tp @s ~ ~1 ~', 'maybe'],
    ['setblock 0 0 0 stone', undefined],
    ['say tp 1 2 3', undefined],
  ])('%s → %s', (command, expected) => {
    expect(teleportExpectation(parseCommand(command, executor), 'Builder')).toBe(expected);
  });
});

const result = (index: number, command: string, status: CommandResult['status']): CommandResult => ({
  index,
  command,
  status,
  accepted: true,
  applied: false,
  executionTimeMs: 0,
  summary: status === 'rejected_by_game' ? "Unknown block type 'minecraft:spruce_plank'" : 'Rolled back',
  chatMessages: [],
});

function rolledBack(restore: NonNullable<BatchResult['transaction']>['restore']): BatchResult {
  return {
    totalCommands: 3,
    acceptedCount: 3,
    appliedCount: 0,
    failedCount: 1,
    unknownCount: 0,
    skippedCount: 0,
    rolledBackCount: 2,
    executionTimeMs: 1,
    captureStrategy: 'fenced',
    results: [
      result(0, 'fill 0 -60 0 4 -58 4 oak_planks', 'rolled_back'),
      result(1, 'setblock 1 -59 1 spruce_plank', 'rejected_by_game'),
      result(2, 'setblock 2 -59 2 glass', 'rolled_back'),
    ],
    chatMessages: [],
    hint: '',
    transaction: { rolledBack: true, causes: [1], ...(restore ? { restore } : {}) },
  };
}

describe('rollbackHeadline', () => {
  test('a complete restore: nothing changed, the cause, resend the whole batch', () => {
    const line = rollbackHeadline(
      rolledBack({ commands: 2, failed: 0, status: 'verified', notRestoredCount: 0, mismatches: [] }),
    );
    expect(line).toBe(
      "ROLLED BACK: nothing changed — caused by #2 `setblock 1 -59 1 spruce_plank` rejected_by_game: Unknown block type 'minecraft:spruce_plank'. Fix that command and resend the WHOLE batch (all 3 commands); resending only the failed ones would build half of it.",
    );
  });

  test('an incomplete restore lists exactly the blocks that were not put back', () => {
    const mismatches = Array.from({ length: 12 }, (_, i) => ({
      x: i,
      y: -60,
      z: 0,
      expected: 'minecraft:grass_block[snowy=false]',
      actual: 'unloaded',
    }));
    const line = rollbackHeadline(
      rolledBack({ commands: 2, failed: 2, status: 'mismatch', notRestoredCount: 12, mismatches }),
    )!;
    expect(line).toMatch(/^ROLLED BACK INCOMPLETELY: .* 12 block\(s\) could NOT be put back: /);
    expect(line).toContain('0 -60 0 (should be minecraft:grass_block[snowy=false], is unloaded)');
    expect(line).toContain('9 -60 0 (should be');
    expect(line).not.toContain('10 -60 0 (should be');
    expect(line).toContain('and 2 more');
    expect(line).toContain('resend the WHOLE batch (all 3 commands)');
  });

  test('a batch that was not rolled back has no headline', () => {
    const batch = rolledBack(undefined);
    batch.transaction = { rolledBack: false };
    expect(rollbackHeadline(batch)).toBeUndefined();
  });
});

test.each([
  [{ status: 'recorded' as const }, 'undo: recorded — undo_last puts these blocks back'],
  [
    { status: 'not_recorded' as const, reason: 'rolled back: the batch changed nothing' },
    'undo: not recorded — rolled back: the batch changed nothing',
  ],
])('undoLine %j', (undo, line) => {
  const batch = rolledBack(undefined);
  batch.undo = undo;
  expect(undoLine(batch)).toBe(line);
});

describe('recordUndo after a rollback', () => {
  const results: CommandResult[] = [
    {
      index: 0,
      command: 'setblock 1 -60 1 minecraft:stone',
      status: 'rolled_back',
      accepted: true,
      applied: null,
      executionTimeMs: 1,
      summary: 'Rolled back, but 1 of its blocks were not put back',
      chatMessages: [],
    },
  ];
  const snapshot = { boxes: [], states: new Map() } as never;

  test('a complete rollback changed nothing: not recorded, and says so', () => {
    const history = new UndoHistory();
    const out = recordUndo(
      history,
      ['setblock 1 -60 1 minecraft:stone'],
      results,
      [[]],
      { snapshot },
      'complete',
    );
    expect(out).toEqual({ status: 'not_recorded', reason: 'rolled back: the batch changed nothing' });
  });

  test('an incomplete rollback keeps its snapshot, so undo_last can try the restore again', () => {
    const history = new UndoHistory();
    const out = recordUndo(
      history,
      ['setblock 1 -60 1 minecraft:stone'],
      results,
      [[]],
      { snapshot },
      'incomplete',
    );
    expect(out).toMatchObject({
      status: 'recorded',
      reason: expect.stringContaining('undo_last tries the restore again'),
    });
    expect(history.peek()).toMatchObject({ kind: 'recorded', snapshot });
  });
});
