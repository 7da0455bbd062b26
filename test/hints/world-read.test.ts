/**
 * Nothing read is claimed that was not read: the hints' box is cut to the world's height, and every part of it
 * in chunks the world could not tell is counted unreadable and named, read by the rules or not.
 */
import { describe, expect, test } from 'vitest';
import { postExecuteHints, writtenBoxes } from '../../src/hints/post-execute.js';
import { WorldRegion } from '../../src/hints/model/world-region.js';
import { regionAround } from '../../src/hints/model/hint-region.js';
import { renderBatchText } from '../../src/results/text.js';
import type { BatchResult } from '../../src/results/schema.js';
import type { BlockPos } from '../../src/vocabulary/blocks/box.js';
import { batch, ok } from './helpers.js';
import { SmallWorld } from './small-world.js';

const HEIGHT = { minY: -64, maxY: 319 };

describe('regionAround', () => {
  test("a box around writes on the world's floor starts at the floor, not below it", () => {
    const box = regionAround([{ min: { x: 16, y: -63, z: 16 }, max: { x: 28, y: -57, z: 22 } }], HEIGHT);
    expect(box).toEqual({ min: { x: 10, y: -64, z: 10 }, max: { x: 34, y: -51, z: 28 } });
  });
  test('and at the top of the world it stops at the top', () => {
    const box = regionAround([{ min: { x: 0, y: 315, z: 0 }, max: { x: 2, y: 319, z: 2 } }], HEIGHT);
    expect(box?.max.y).toBe(319);
    expect(box?.min.y).toBe(309);
  });
  test('without the height known the margin is kept whole', () => {
    const box = regionAround([{ min: { x: 0, y: -63, z: 0 }, max: { x: 0, y: -63, z: 0 } }]);
    expect(box?.min.y).toBe(-69);
  });
});

describe('worldRead', () => {
  /** a world whose chunk columns from x 16 on are not loaded */
  const halfLoaded = () => {
    const world = new SmallWorld().run('fill -20 63 -20 40 63 40 minecraft:dirt');
    return {
      readBlock: (p: BlockPos) => (p.x >= 16 ? ('unloaded' as const) : world.readBlock(p)),
    };
  };
  const room = 'fill 8 64 0 14 68 6 minecraft:stone hollow';

  test('counts every unloaded cell of the box, names the columns, and the text says which part', () => {
    const entries = batch(ok(room));
    const box = regionAround(writtenBoxes(entries), HEIGHT)!;
    expect(box).toEqual({ min: { x: 2, y: 58, z: -6 }, max: { x: 20, y: 74, z: 12 } });
    const region = new WorldRegion(box, halfLoaded());
    const hints = postExecuteHints({ entries, tool: 'execute_commands', world: { region } });
    // x 16..20 of the box, in its two chunk columns along z (-16..-1 and 0..15): 5 × 17 × 19 cells
    expect(hints?.worldRead).toEqual({
      status: 'read',
      box,
      blocks: 19 * 17 * 19,
      unreadable: 5 * 17 * 19,
      unread: [
        { min: { x: 16, y: 58, z: -6 }, max: { x: 20, y: 74, z: -1 } },
        { min: { x: 16, y: 58, z: 0 }, max: { x: 20, y: 74, z: 12 } },
      ],
    });
    const text = renderBatchText({
      totalCommands: 1,
      acceptedCount: 1,
      appliedCount: 1,
      failedCount: 0,
      unknownCount: 0,
      skippedCount: 0,
      captureStrategy: 'fenced',
      executionTimeMs: 1,
      results: [],
      chatMessages: [],
      hint: '',
      actionHints: hints!,
    } satisfies BatchResult);
    expect(text).toContain(
      `; ${5 * 17 * 19} of its blocks could not be read (chunks not loaded: x 16..20 z -6..-1; x 16..20 z 0..12): the hints could not judge what needed them`,
    );
  });

  test('a box whose every chunk is loaded has nothing unreadable', () => {
    const world = new SmallWorld().run('fill -20 63 -20 40 63 40 minecraft:dirt');
    const entries = batch(ok(room));
    const region = new WorldRegion(regionAround(writtenBoxes(entries), HEIGHT)!, world);
    const hints = postExecuteHints({ entries, tool: 'execute_commands', world: { region } });
    expect(hints?.worldRead).toMatchObject({ status: 'read', unreadable: 0 });
    expect(hints?.worldRead).not.toHaveProperty('unread');
  });
});
