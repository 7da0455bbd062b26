/**
 * Compact answers, measured (issue 15: 445 bytes of structuredContent per applied setblock; a 595-block
 * place_structure answered 110 KB and listed 40 harmless air no-ops as failures).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CompactBatchResult } from '../../src/results/compact.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let o: { x: number; y: number; z: number };

beforeAll(async () => {
  c = await startCompanion({ username: 'Packer' });
  const p = (await c.target.get()).channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
});
afterAll(async () => {
  await c?.close();
});

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const textOf = (r: { content?: unknown }) => (r.content as Array<{ text: string }>)[0]!.text;

test('an applied setblock costs under 200 bytes (445 before compaction) of structuredContent, every seed field kept', async () => {
  const n = 50;
  const commands = Array.from(
    { length: n },
    (_, i) => `setblock ${o.x + (i % 10)} ${o.y + 6} ${o.z - 2 - Math.floor(i / 10)} minecraft:stone`,
  );
  const result = await c.call('execute_commands', { commands });
  const batch = result.structuredContent as unknown as CompactBatchResult;
  expect(batch.appliedCount).toBe(n);
  const perCommand = bytes(batch.results) / n;
  console.error(
    `structuredContent per applied setblock: ${perCommand.toFixed(0)} bytes; whole: ${bytes(batch)}`,
  );
  // normalised to `setblock 15 -54 23 minecraft:stone` (34 characters): a coordinate's digit costs two bytes,
  // one in the command and one in the summary, so the figure does not depend on where the world spawned us
  const longest = Math.max(...batch.results.map((r) => bytes(r) - (r.command.length - 34) * 2));
  expect(longest).toBeLessThanOrEqual(200);
  for (const r of batch.results) {
    expect(Object.keys(r).sort()).toEqual(
      [
        'index',
        'command',
        'status',
        'accepted',
        'applied',
        'executionTimeMs',
        'summary',
        'chatMessages',
      ].sort(),
    );
    expect(r.chatMessages).toEqual([]);
  }
  // every write read back: counted once for the batch instead of once per result, and said in the text
  expect(batch.verifiedCount).toBe(n);
  expect(textOf(result)).toContain(`${n}/${n} applied (${n} read back from the world as written)`);
  // the batch's lines are each in their command's result, not repeated at the top
  expect(batch.chatMessages).toEqual([]);
  // identical successes are one line of text
  expect(textOf(result)).toContain(`#1–#${n} applied (${n}): Changed the block at`);
  expect(textOf(result).split('\n').length).toBeLessThan(5);
});

test('a 595-block structure is placed with an answer under 8 KB that lists real failures only, and pages', async () => {
  const size = { x: 7, y: 5, z: 17 };
  expect(size.x * size.y * size.z).toBe(595);
  const base = { x: o.x, y: o.y, z: o.z + 4 };
  // a pattern whose runs along x are one block long, so that placing it takes one command per block
  const pick = (x: number, y: number, z: number) =>
    (x + y + z) % 3 === 0 ? 'minecraft:air' : (x + z) % 2 ? 'minecraft:stone' : 'minecraft:oak_planks';
  const build: string[] = [];
  for (let y = 0; y < size.y; y++)
    for (let z = 0; z < size.z; z++)
      for (let x = 0; x < size.x; x++)
        build.push(`setblock ${base.x + x} ${base.y + y} ${base.z + z} ${pick(x, y, z)}`);
  await c.execute(build);
  const to = { x: base.x + size.x - 1, y: base.y + size.y - 1, z: base.z + size.z - 1 };
  expect((await c.call('save_structure', { name: 'pattern', from: base, to })).isError).toBeFalsy();

  const origin = { x: base.x + 10, y: base.y, z: base.z };
  const placed = await c.call('place_structure', { name: 'pattern', origin });
  const answer = placed.structuredContent as unknown as CompactBatchResult;
  console.error(
    `place_structure of 595 blocks: ${answer.totalCommands} commands, structuredContent ${bytes(answer)} bytes, text ${textOf(placed).length} chars`,
  );
  expect(answer.totalCommands).toBe(595);
  expect(bytes(answer)).toBeLessThan(6 * 1024);
  expect(textOf(placed).length).toBeLessThan(8 * 1024);
  // air where there already was air changed nothing: it is not listed as a failure
  expect(answer.results.filter((r) => r.status !== 'applied' && !r.detail?.noChange)).toEqual([]);
  expect(textOf(placed)).not.toMatch(/^#\d+[^\n]* rejected_by_game[ :(]/m);
  expect(textOf(placed)).toMatch(
    /#\d+(–#\d+)?(, #\d+(–#\d+)?)*( and \d+ more)? unchanged \(the world already matched\) \(\d+\)/,
  );
  // "already so" is counted apart from failures: the headline says unchanged, and 0 failed
  expect(answer.failedCount).toBe(0);
  expect(textOf(placed).split('\n')[0]).toMatch(/\d+ unchanged \(the world already matched\), 0 failed/);
  expect(answer.page).toMatchObject({ listed: answer.results.length, omitted: 595 - answer.results.length });

  // every result can be read back, page by page
  let seen = 0;
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    const page = (await c.call('get_batch_results', { batchId: answer.page!.batchId, offset }))
      .structuredContent as { results: unknown[]; nextOffset?: number; total: number };
    expect(page.total).toBe(595);
    seen += page.results.length;
    offset = page.nextOffset;
  }
  expect(seen).toBe(595);

  // the text's next call repeats the filter, so following it pages through the same filtered list
  let call = { batchId: answer.page!.batchId, status: 'applied', limit: 100 } as Record<string, unknown>;
  let appliedSeen = 0;
  let pages = 0;
  for (let i = 0; i < 20 && call; i++) {
    const page = await c.call('get_batch_results', call);
    const out = page.structuredContent as { results: Array<{ status: string }>; total: number };
    expect(out.results.every((r) => r.status === 'applied')).toBe(true);
    expect(out.total).toBe(answer.appliedCount);
    appliedSeen += out.results.length;
    pages++;
    const next = /next page: get_batch_results (\{.*\})$/m.exec(textOf(page));
    call = next ? (JSON.parse(next[1]!) as Record<string, unknown>) : (undefined as never);
  }
  expect(appliedSeen).toBe(answer.appliedCount);
  expect(pages).toBeGreaterThan(1);

  // the full form of a page keeps every field: an applied write's key, its own line and its verification
  const full = (
    await c.call('get_batch_results', {
      batchId: answer.page!.batchId,
      status: 'applied',
      limit: 1,
      resultDetail: 'full',
    })
  ).structuredContent as { results: Array<Record<string, unknown>> };
  expect(full.results[0]).toMatchObject({
    status: 'applied',
    detail: { key: 'commands.setblock.success' },
    chatMessages: [expect.stringMatching(/^Changed the block at /)],
    verification: { status: 'verified', checked: 1, matched: 1 },
  });
});
