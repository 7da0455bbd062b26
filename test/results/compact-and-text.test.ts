/**
 * What a batch answer keeps and what its text says, on results built here (the functions are pure: the
 * MCP-level tests in test/mcp measure them on real batches). The rule under test: compaction leaves out only
 * what another field already says, and the text never says "read back" for a write that was not.
 */
import { describe, expect, test } from 'vitest';
import { renderBatchText, renderResultLines } from '../../src/results/text.js';
import { compactBatch, compactResult } from '../../src/results/compact.js';
import type { BatchResult, CommandResult } from '../../src/results/schema.js';

const applied = (index: number, extra: Partial<CommandResult> = {}): CommandResult => ({
  index,
  command: `setblock ${index} -60 0 minecraft:stone`,
  status: 'applied',
  accepted: true,
  applied: true,
  executionTimeMs: 1.23,
  summary: `Changed the block at ${index}, -60, 0`,
  chatMessages: [`Changed the block at ${index}, -60, 0`],
  detail: { key: 'commands.setblock.success', args: [`${index}`, '-60', '0'] },
  verification: { status: 'verified', checked: 1, matched: 1, mismatches: [] },
  ...extra,
});

const batchOf = (results: CommandResult[]): BatchResult => ({
  totalCommands: results.length,
  acceptedCount: results.length,
  appliedCount: results.filter((r) => r.status === 'applied').length,
  failedCount: results.filter((r) => r.status === 'rejected_by_game').length,
  unknownCount: 0,
  skippedCount: 0,
  captureStrategy: 'fenced',
  executionTimeMs: 10,
  results,
  chatMessages: results.flatMap((r) => r.chatMessages),
  hint: 'The commands were applied.',
});

describe('compactResult', () => {
  test('an ordinary success is the result contract and nothing else', () => {
    expect(compactResult(applied(3), 'fenced')).toEqual({
      index: 3,
      command: 'setblock 3 -60 0 minecraft:stone',
      status: 'applied',
      accepted: true,
      applied: true,
      executionTimeMs: 1.2,
      summary: 'Changed the block at 3, -60, 0',
      chatMessages: [],
    });
  });

  test('a verified write with positions it could not judge keeps its verification', () => {
    const partly = applied(0, {
      verification: {
        status: 'verified',
        checked: 2,
        matched: 2,
        mismatches: [],
        notChecked: 3,
        reason: 'a tag filter without tags',
      },
    });
    expect(compactResult(partly, 'fenced').verification).toEqual({
      status: 'verified',
      checked: 2,
      notChecked: 3,
      reason: 'a tag filter without tags',
    });
    expect(compactBatch(batchOf([partly, applied(1)])).verifiedCount).toBe(1);
  });

  test('a success with more to say than its line keeps its detail and its lines', () => {
    const inferred = applied(0, { chatMessages: [], detail: { inferred: true }, verification: undefined });
    expect(compactResult(inferred, 'fenced').detail).toEqual({ inferred: true });
    const twoLines = applied(1, { chatMessages: ['Changed the block at 1, -60, 0', 'another line'] });
    expect(compactResult(twoLines, 'fenced')).toMatchObject({
      chatMessages: twoLines.chatMessages,
      detail: { key: 'commands.setblock.success' },
    });
    const refused = applied(2, {
      status: 'rejected_by_game',
      applied: false,
      summary: 'Could not set the block',
      chatMessages: ['Could not set the block'],
      detail: { key: 'commands.setblock.failed', noChange: true },
      verification: undefined,
    });
    expect(compactResult(refused, 'fenced').detail).toEqual({
      key: 'commands.setblock.failed',
      noChange: true,
    });
  });
});

describe('the text', () => {
  test('counts only writes read back as written, and sets apart those that were not', () => {
    const text = renderBatchText(
      batchOf([
        applied(0),
        applied(1),
        applied(2, {
          verification: { status: 'unloaded', checked: 0, matched: 0, mismatches: [], unloaded: 1 },
        }),
        applied(3, {
          verification: {
            status: 'verified',
            checked: 1,
            matched: 1,
            mismatches: [],
            notChecked: 2,
            reason: 'unknown before',
          },
        }),
      ]),
    );
    expect(text).toContain('4/4 applied (2 read back from the world as written)');
    expect(text).toContain('#1–#2 applied (2): Changed the block at 0, -60, 0 …');
    expect(text).toContain(
      '#3 applied, not read back (1 position(s) in chunks the bot has not loaded; move it near them and check with get_blocks_in_area): Changed the block at 2, -60, 0',
    );
    expect(text).toContain(
      '#4 applied, not read back (2 position(s) not judged: unknown before; check with get_blocks_in_area)',
    );
  });

  test('lines left out point to where the rest can be read', () => {
    const failures = Array.from({ length: 5 }, (_, i) =>
      applied(i, {
        status: 'rejected_by_game',
        applied: false,
        summary: `failure ${'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'[i]}`,
        verification: undefined,
      }),
    );
    expect(renderResultLines(failures, 3).at(-1)).toBe(
      '… 2 more lines: every result is in structuredContent.results',
    );
    const many = Array.from({ length: 45 }, (_, i) =>
      applied(i, {
        status: 'rejected_by_game',
        applied: false,
        summary: `failure ${'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'[i]}`,
        verification: undefined,
      }),
    );
    const paged = renderBatchText(batchOf(many), { listed: 10, batchId: 'b-1' });
    expect(paged).toContain('… 5 more lines: get_batch_results {"batchId":"b-1"}');
  });

  test('results with the same status and reason are one line naming exactly their commands', () => {
    const unloaded = (i: number) =>
      applied(i, {
        status: 'rejected_by_game',
        applied: false,
        summary: 'That position is not loaded',
        detail: { key: 'argument.pos.unloaded' },
        verification: undefined,
      });
    expect(renderResultLines(Array.from({ length: 7 }, (_, i) => unloaded(i)))).toEqual([
      '#1–#7 rejected_by_game (7): That position is not loaded',
    ]);
    // seven setblocks whose fifth names no block: the applied line never takes in #5
    const lines = renderResultLines([
      applied(0),
      applied(1),
      applied(2),
      applied(3),
      applied(4, {
        status: 'rejected_by_game',
        applied: false,
        summary: "Unknown block type 'minecraft:spruce_plank'",
        verification: undefined,
      }),
      applied(5),
      applied(6),
    ]);
    expect(lines).toEqual([
      '#1–#4, #6–#7 applied (6): Changed the block at 0, -60, 0 …',
      "#5 rejected_by_game: Unknown block type 'minecraft:spruce_plank'",
    ]);
  });

  test('a grouped line of scattered commands names the first runs and counts the rest', () => {
    const every = Array.from({ length: 40 }, (_, i) => applied(i * 2));
    const [line] = renderResultLines(every);
    expect(line).toBe(
      '#1, #3, #5, #7, #9, #11, #13, #15, #17, #19, #21, #23 and 28 more applied (40): Changed the block at 0, -60, 0 …',
    );
  });
});
