/**
 * One read of the world per batch and phase: before the batch, the undo snapshot; after it, verification
 * and the hints' region share one read (the hints find the written blocks already read). Counted through
 * the real channel's block reader on the embedded world, through the real MCP client: the reader is only
 * wrapped to count, it reads as before.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CommandChannel } from '../../src/connection/channel.js';
import type { BatchResult } from '../../src/results/schema.js';
import type { BlockPos } from '../../src/vocabulary/blocks/box.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let channel: CommandChannel;
let o: BlockPos;
const reads = new Map<string, number>();

beforeAll(async () => {
  c = await startCompanion({ username: 'Reader' });
  channel = (await c.target.get()).channel;
  const p = channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
  const read = channel.readBlock!.bind(channel);
  channel.readBlock = (pos) => {
    const k = `${pos.x},${pos.y},${pos.z}`;
    reads.set(k, (reads.get(k) ?? 0) + 1);
    return read(pos);
  };
});
afterAll(async () => {
  await c?.close();
});

const send = async (commands: string[]): Promise<BatchResult> => {
  const result = await c.call('execute_commands', { commands });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as unknown as BatchResult;
};

test('a written block is read twice per batch: once for undo before it, once after it for verification and hints together', async () => {
  const written = Array.from({ length: 12 }, (_, i) => ({ x: o.x + (i % 4), y: o.y + 1, z: o.z + (i >> 2) }));
  reads.clear();
  const batch = await send(written.map((p) => `setblock ${p.x} ${p.y} ${p.z} minecraft:stone`));
  expect(batch.appliedCount).toBe(12);
  // verified results are counted, not listed, in the compact answer
  expect((batch as BatchResult & { verifiedCount?: number }).verifiedCount).toBe(12);
  expect(batch.undo?.status).toBe('recorded');
  // the hints read the world around the writes (their region), and the written blocks within it
  expect(reads.size).toBeGreaterThan(written.length);
  for (const p of written) expect(reads.get(`${p.x},${p.y},${p.z}`), `${p.x} ${p.y} ${p.z}`).toBe(2);
  expect(Math.max(...reads.values())).toBe(2);
});
