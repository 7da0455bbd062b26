/**
 * Hints grounded in the world, through the real MCP client on the embedded world: a door and a bed finished
 * across two batches, two rooms built in one batch (joined by a 1-wide and by a 2-wide doorway), a room lit
 * by a lantern set a batch earlier, and a conversation that builds two rooms over several batches. Every hint given is checked against the world
 * as the bot reads it right after the answer: none may be contradicted.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { isLightSource } from '../../src/hints/block-data.js';
import type { CommandChannel } from '../../src/connection/channel.js';
import type { NextStep } from '../../src/results/action-hints.js';
import type { BatchResult } from '../../src/results/schema.js';
import type { BlockPos, Box } from '../../src/vocabulary/blocks/box.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let channel: CommandChannel;
let o: BlockPos;

beforeAll(async () => {
  c = await startCompanion({ username: 'Grounder' });
  channel = (await c.target.get()).channel;
  const p = channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
});
afterAll(async () => {
  await c?.close();
});

const textOf = (r: { content?: unknown }) => (r.content as Array<{ text: string }>)[0]!.text;

/** One batch through the MCP client: the structured answer and its text. */
const send = async (commands: string[]): Promise<{ batch: BatchResult; text: string }> => {
  const result = await c.call('execute_commands', { commands });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return { batch: result.structuredContent as unknown as BatchResult, text: textOf(result) };
};

const steps = (b: BatchResult): NextStep[] => b.actionHints?.nextSteps ?? [];
const actions = (b: BatchResult) => steps(b).map((s) => s.action);

const block = (p: BlockPos) => {
  const b = channel.readBlock!(p);
  if (b === 'unloaded') throw new Error(`the bot cannot read ${p.x} ${p.y} ${p.z}`);
  return b;
};
const name = (p: BlockPos) => block(p).name.replace('minecraft:', '');

const cells = function* (b: Box): Generator<BlockPos> {
  for (let x = b.min.x; x <= b.max.x; x++)
    for (let y = b.min.y; y <= b.max.y; y++) for (let z = b.min.z; z <= b.max.z; z++) yield { x, y, z };
};

/** `(x,y,z)–(x,y,z)` in a room's description. */
const roomBox = (description: string): Box | undefined => {
  const m = /\((-?\d+),(-?\d+),(-?\d+)\)–\((-?\d+),(-?\d+),(-?\d+)\)/.exec(description);
  if (!m) return undefined;
  const n = m.slice(1).map(Number);
  return { min: { x: n[0]!, y: n[1]!, z: n[2]! }, max: { x: n[3]!, y: n[4]!, z: n[5]! } };
};

const isDoor = (p: BlockPos) => name(p).endsWith('_door');
const sides = (b: Box): BlockPos[] =>
  [...cells(b)].filter(
    (p) => (p.x === b.min.x || p.x === b.max.x || p.z === b.min.z || p.z === b.max.z) && p.y > b.min.y,
  );

/**
 * What the world shows against each hint; empty when nothing contradicts them. The world is read by the
 * test's own bot-side reads, not by the hints' code.
 */
const contradictions = (b: BatchResult): string[] => {
  const wrong: string[] = [];
  for (const s of steps(b)) {
    const box = roomBox(s.description);
    if (s.action === 'complete_door') {
      const m = /door at (-?\d+) (-?\d+) (-?\d+) has only its (lower|upper) half/.exec(s.description)!;
      const [x, y, z] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const other = { x, y: m[4] === 'lower' ? y + 1 : y - 1, z };
      if (isDoor(other)) wrong.push(`${s.description} — but the world has a door at ${other.y}`);
    }
    if (s.action === 'complete_bed') {
      // the half it asks for is not there yet
      for (const c of (s.suggestedArgs?.['commands'] as string[] | undefined) ?? []) {
        const m = /^setblock (-?\d+) (-?\d+) (-?\d+) \S+_bed\[.*part=(head|foot)/.exec(c);
        if (!m) continue;
        const at = { x: Number(m[1]), y: Number(m[2]), z: Number(m[3]) };
        if (name(at).endsWith('_bed') && block(at).properties['part'] === m[4])
          wrong.push(`${s.description} — but the world has the ${m[4]} at ${at.x} ${at.y} ${at.z}`);
      }
    }
    if (!box) continue;
    if (s.action === 'add_door' && / has no door/.test(s.description) && sides(box).some(isDoor))
      wrong.push(`${s.description} — but a door stands in its walls`);
    if (s.action === 'add_light') {
      const lit = [...cells(box)].find((p) => isLightSource(block(p).name, block(p).properties));
      if (lit) wrong.push(`${s.description} — but ${name(lit)} at ${lit.x} ${lit.y} ${lit.z} lights it`);
    }
    if (s.action === 'add_window' && sides(box).some((p) => name(p).includes('glass')))
      wrong.push(`${s.description} — but glass is in its walls`);
    if (s.action === 'add_roof') {
      const top = { min: { ...box.min, y: box.max.y + 1 }, max: { ...box.max, y: box.max.y + 1 } };
      if ([...cells(top)].every((p) => name(p) !== 'air')) wrong.push(`${s.description} — but it is roofed`);
    }
  }
  return wrong;
};

test('a door finished across two batches: the second answer has no "only its upper half"', async () => {
  const { x, y, z } = o;
  const first = await send([
    `fill ${x} ${y} ${z} ${x + 6} ${y + 4} ${z + 6} minecraft:stone_bricks hollow`,
    `setblock ${x + 3} ${y + 1} ${z} minecraft:oak_door[facing=south,half=lower]`,
  ]);
  expect(first.batch.appliedCount).toBe(2);
  // true of the world then: the upper half is missing
  expect(
    first.batch.actionHints?.nextSteps?.find((s) => s.action === 'complete_door')?.description,
  ).toContain('has only its lower half');
  expect(contradictions(first.batch)).toEqual([]);

  const second = await send([`setblock ${x + 3} ${y + 2} ${z} minecraft:oak_door[facing=south,half=upper]`]);
  expect(second.batch.appliedCount).toBe(1);
  expect(name({ x: x + 3, y: y + 1, z })).toBe('oak_door');
  expect(actions(second.batch)).not.toContain('complete_door');
  expect(second.text).not.toContain('has only its');
});

test('two rooms built in one batch, joined by a doorway, are two rooms and not "no door"', async () => {
  const [x, y, z] = [o.x, o.y, o.z + 12];
  const { batch, text } = await send([
    `fill ${x} ${y} ${z} ${x + 12} ${y + 4} ${z + 6} minecraft:stone_bricks hollow`,
    `fill ${x + 6} ${y + 1} ${z + 1} ${x + 6} ${y + 3} ${z + 5} minecraft:stone_bricks`,
    `fill ${x + 6} ${y + 1} ${z + 3} ${x + 6} ${y + 2} ${z + 3} minecraft:air`,
    `setblock ${x + 3} ${y + 1} ${z} minecraft:oak_door[facing=south,half=lower]`,
    `setblock ${x + 3} ${y + 2} ${z} minecraft:oak_door[facing=south,half=upper]`,
  ]);
  expect(batch.appliedCount).toBe(5);
  expect(actions(batch)).not.toContain('add_door');
  expect(text).not.toContain('has no door');
  const rooms = steps(batch)
    .filter((s) => s.action === 'add_light')
    .map((s) => roomBox(s.description));
  expect(rooms).toEqual([
    { min: { x, y, z }, max: { x: x + 6, y: y + 4, z: z + 6 } },
    { min: { x: x + 6, y, z }, max: { x: x + 12, y: y + 4, z: z + 6 } },
  ]);
  expect(contradictions(batch)).toEqual([]);
  // the answer says what it read
  expect(batch.actionHints?.worldRead).toMatchObject({ status: 'read', unreadable: 0 });
  expect(text).toMatch(/^hints read the world in \(/m);
});

test('a room lit by a lantern placed a batch earlier gets no "no light"', async () => {
  const [x, y, z] = [o.x, o.y, o.z + 24];
  const floor = await send([
    `fill ${x} ${y} ${z} ${x + 6} ${y} ${z + 6} minecraft:oak_planks`,
    `setblock ${x + 2} ${y + 1} ${z + 2} minecraft:lantern`,
  ]);
  expect(floor.batch.appliedCount).toBe(2);
  const walls = await send([
    `fill ${x} ${y + 1} ${z} ${x} ${y + 3} ${z + 6} minecraft:stone_bricks`,
    `fill ${x + 6} ${y + 1} ${z} ${x + 6} ${y + 3} ${z + 6} minecraft:stone_bricks`,
    `fill ${x + 1} ${y + 1} ${z} ${x + 5} ${y + 3} ${z} minecraft:stone_bricks`,
    `fill ${x + 1} ${y + 1} ${z + 6} ${x + 5} ${y + 3} ${z + 6} minecraft:stone_bricks`,
    `fill ${x} ${y + 4} ${z} ${x + 6} ${y + 4} ${z + 6} minecraft:oak_planks`,
  ]);
  expect(walls.batch.appliedCount).toBe(5);
  // the room is seen (its door is asked for), its light is not missed
  expect(actions(walls.batch)).toContain('add_door');
  expect(actions(walls.batch)).not.toContain('add_light');
  expect(contradictions(walls.batch)).toEqual([]);
});

test('a conversation that builds two rooms over several batches gets no hint the world contradicts', async () => {
  const [x, y, z] = [o.x + 16, o.y, o.z];
  const batches = [
    // the floor and a lantern for the first room
    [
      `fill ${x} ${y} ${z} ${x + 12} ${y} ${z + 6} minecraft:oak_planks`,
      `setblock ${x + 2} ${y + 1} ${z + 2} minecraft:lantern`,
    ],
    // the shell of both rooms around it, an inner wall and the lower half of the outside door
    [
      `fill ${x} ${y} ${z} ${x + 12} ${y + 4} ${z + 6} minecraft:stone_bricks outline`,
      `fill ${x + 6} ${y + 1} ${z + 1} ${x + 6} ${y + 3} ${z + 5} minecraft:stone_bricks`,
      `setblock ${x + 3} ${y + 1} ${z} minecraft:oak_door[facing=south,half=lower]`,
    ],
    // the upper half, and the doorway between the rooms
    [
      `setblock ${x + 3} ${y + 2} ${z} minecraft:oak_door[facing=south,half=upper]`,
      `fill ${x + 6} ${y + 1} ${z + 3} ${x + 6} ${y + 2} ${z + 3} minecraft:air`,
    ],
    // a window in each room and a light in the second
    [
      `fill ${x + 2} ${y + 2} ${z + 6} ${x + 4} ${y + 2} ${z + 6} minecraft:glass_pane`,
      `fill ${x + 8} ${y + 2} ${z + 6} ${x + 10} ${y + 2} ${z + 6} minecraft:glass_pane`,
      `setblock ${x + 9} ${y + 4} ${z + 3} minecraft:glowstone`,
    ],
    // furniture
    [
      `setblock ${x + 1} ${y + 1} ${z + 5} minecraft:chest`,
      `setblock ${x + 11} ${y + 1} ${z + 5} minecraft:crafting_table`,
    ],
  ];
  const given: NextStep[][] = [];
  for (const commands of batches) {
    const { batch } = await send(commands);
    expect(batch.failedCount, JSON.stringify(batch.results)).toBe(0);
    expect(contradictions(batch), commands.join('\n')).toEqual([]);
    given.push(steps(batch));
  }
  // the checks above had something to check: the unfinished rooms were told what they lacked
  const asked = given.flat().map((s) => s.action);
  expect(asked).toEqual(expect.arrayContaining(['complete_door', 'add_door', 'add_light', 'add_window']));
  // and the furnished pair, lit, with windows and a door, is finished: nothing is asked of it
  expect(given.at(-1)!.filter((s) => s.action.startsWith('add_') || s.action === 'complete_door')).toEqual(
    [],
  );
});

test('a bed finished across two batches: the second answer has no "only its foot", and reads a bedroom', async () => {
  const [x, y, z] = [o.x + 16, o.y, o.z + 12];
  const first = await send([
    `fill ${x} ${y} ${z} ${x + 6} ${y + 4} ${z + 6} minecraft:stone_bricks hollow`,
    `setblock ${x + 3} ${y + 1} ${z} minecraft:oak_door[facing=south,half=lower]`,
    `setblock ${x + 3} ${y + 2} ${z} minecraft:oak_door[facing=south,half=upper]`,
    `setblock ${x + 5} ${y + 1} ${z + 2} minecraft:red_bed[facing=south,part=foot]`,
  ]);
  expect(first.batch.appliedCount).toBe(4);
  // true of the world then: the head is missing
  const bed = steps(first.batch).find((s) => s.action === 'complete_bed');
  expect(bed).toMatchObject({ optional: false });
  expect(bed?.description).toBe(
    `The bed at ${x + 5} ${y + 1} ${z + 2} has only its foot: set its head at ${x + 5} ${y + 1} ${z + 3}.`,
  );
  expect(contradictions(first.batch)).toEqual([]);

  const second = await send([
    `setblock ${x + 5} ${y + 1} ${z + 3} minecraft:red_bed[facing=south,part=head]`,
  ]);
  expect(second.batch.appliedCount).toBe(1);
  expect(block({ x: x + 5, y: y + 1, z: z + 2 }).properties['part']).toBe('foot');
  expect(actions(second.batch)).not.toContain('complete_bed');
  expect(second.text).not.toContain('has only its');
  // the room the head stands in is found from the world, with its bed
  const light = steps(second.batch).find((s) => s.action === 'add_light');
  expect(light?.description).toContain(`the 5×3×5 bedroom at (${x},${y},${z})–(${x + 6},${y + 4},${z + 6})`);
  expect(contradictions(second.batch)).toEqual([]);
});

test('two rooms joined by a 2-wide doorway are two rooms joined, with one door outside', async () => {
  const [x, y, z] = [o.x + 16, o.y, o.z + 24];
  const { batch, text } = await send([
    `fill ${x} ${y} ${z} ${x + 12} ${y + 4} ${z + 6} minecraft:stone_bricks hollow`,
    `fill ${x + 6} ${y + 1} ${z + 1} ${x + 6} ${y + 3} ${z + 5} minecraft:stone_bricks`,
    `fill ${x + 6} ${y + 1} ${z + 2} ${x + 6} ${y + 2} ${z + 3} minecraft:air`,
  ]);
  expect(batch.appliedCount).toBe(3);
  // one door for the pair, in an outer wall, never in the inner wall at x + 6
  const doors = steps(batch).filter((s) => s.action === 'add_door');
  expect(doors).toHaveLength(1);
  expect(doors[0]!.description).toContain('and the rooms it opens into have no way in from outside');
  for (const c of doors[0]!.suggestedArgs?.['commands'] as string[])
    expect(c.split(' ')[1]).not.toBe(`${x + 6}`);
  expect(text).not.toContain('the 11×3×5 room');
  const rooms = steps(batch)
    .filter((s) => s.action === 'add_light')
    .map((s) => roomBox(s.description));
  expect(rooms).toEqual([
    { min: { x, y, z }, max: { x: x + 6, y: y + 4, z: z + 6 } },
    { min: { x: x + 6, y, z }, max: { x: x + 12, y: y + 4, z: z + 6 } },
  ]);
  expect(contradictions(batch)).toEqual([]);

  // the door it asks for, followed as written, leaves the pair nothing to ask for a door
  const followed = await send(doors[0]!.suggestedArgs?.['commands'] as string[]);
  expect(followed.batch.appliedCount).toBe(2);
  expect(actions(followed.batch)).not.toContain('add_door');
  expect(contradictions(followed.batch)).toEqual([]);
});
