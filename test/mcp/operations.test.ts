/** One call, many operations: dependencies, conditions, transactions, undo, progress and cancellation. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { executeBatch } from '../../src/execute/execute-batch.js';
import type { EncodedArea } from '../../src/world-view/encode.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let o: { x: number; y: number; z: number };
const at = (dx: number, dy: number, dz: number) => `${o.x + dx} ${o.y + dy} ${o.z + dz}`;

beforeAll(async () => {
  c = await startCompanion({ username: 'Planner' });
  const p = (await c.target.get()).channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
});
afterAll(async () => {
  await c?.close();
});

async function readArea(
  dx1: number,
  dz1: number,
  dx2: number,
  dy2: number,
  dz2: number,
): Promise<EncodedArea> {
  const r = await c.call('get_blocks_in_area', {
    from: { x: o.x + dx1, y: o.y, z: o.z + dz1 },
    to: { x: o.x + dx2, y: o.y + dy2, z: o.z + dz2 },
    includeAir: true,
  });
  return r.structuredContent as unknown as EncodedArea;
}

describe('dependencies and conditions', () => {
  test('a failed step skips its dependents, runs its ifFailed fallback, and skips its ifSuccess branch', async () => {
    const batch = await c.execute([
      { id: 'base', command: `setblock ${at(0, 0, 0)} minecraft:stone` },
      { id: 'top', command: `setblock ${at(0, 1, 0)} minecraft:stone`, dependsOn: ['base'] },
      { id: 'typo', command: `setblock ${at(1, 0, 0)} minecraft:stonee` },
      { command: `setblock ${at(1, 1, 0)} minecraft:stone`, dependsOn: ['typo'] },
      {
        id: 'fallback',
        command: `setblock ${at(1, 0, 0)} minecraft:cobblestone`,
        condition: { ifFailed: 'typo' },
      },
      { command: `say typo worked`, condition: { ifSuccess: 'typo' } },
      `setblock ${at(2, 0, 0)} minecraft:dirt`,
    ]);
    expect(batch.results.map((r) => r.status)).toEqual([
      'applied',
      'applied',
      'rejected_by_game',
      'skipped',
      'applied',
      'skipped',
      'applied',
    ]);
    expect(batch.results[3]!.detail?.reason).toMatch(/dependency #3 \("typo"\)/);
    expect(batch.results.map((r) => r.id)).toEqual([
      'base',
      'top',
      'typo',
      undefined,
      'fallback',
      undefined,
      undefined,
    ]);
    expect(batch.results[5]!.summary).toMatch(/ifSuccess/);
    expect(batch.skippedCount).toBe(2);
    expect(batch.results[3]!.accepted).toBe(false);
  });

  test.each([
    [
      [
        { id: 'a', command: 'say a', dependsOn: ['b'] },
        { id: 'b', command: 'say b', dependsOn: ['a'] },
      ],
      /cycle/,
    ],
    [
      [
        { id: 'a', command: 'say a' },
        { command: 'say b', dependsOn: ['nope'] },
      ],
      /nope\W+ is not the id of any step/,
    ],
    [
      [
        { id: 'a', command: 'say a' },
        { id: 'a', command: 'say b' },
      ],
      /already used/,
    ],
    [
      [
        { id: 'a', command: 'say a', condition: { ifFailed: 'later' } },
        { id: 'later', command: 'say b' },
      ],
      /later step/,
    ],
  ])('an invalid plan is refused before anything is sent: %j', async (commands, message) => {
    const result = await c.call('execute_commands', { commands });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(message);
  });

  test('stopOnFailure sends nothing after the first failure', async () => {
    const batch = await c.execute(
      [`setblock ${at(3, 0, 0)} minecraft:stone`, 'setblock 1 2', `setblock ${at(3, 1, 0)} minecraft:stone`],
      {
        stopOnFailure: true,
      },
    );
    expect(batch.results.map((r) => r.status)).toEqual(['applied', 'rejected_by_game', 'skipped']);
    expect(batch.results[2]!.detail?.reason).toMatch(/stopOnFailure: #2/);
  });

  test('stopOnFailure goes on past a command whose world already matched (unchanged is no failure)', async () => {
    await c.execute([`setblock ${at(5, 0, 0)} minecraft:stone`]);
    const batch = await c.execute(
      [`setblock ${at(5, 0, 0)} minecraft:stone`, `setblock ${at(5, 1, 0)} minecraft:stone`],
      { stopOnFailure: true },
    );
    expect(batch.results.map((r) => r.status)).toEqual(['rejected_by_game', 'applied']);
    expect(batch.results[0]!.detail?.noChange).toBe(true);
    expect(batch).toMatchObject({ appliedCount: 1, failedCount: 0, unchangedCount: 1 });
  });
});

describe('transactions and undo', () => {
  test('a transactional batch with a failing command leaves the world exactly as before', async () => {
    await c.execute([
      `fill ${at(0, 0, 4)} ${at(4, 2, 8)} minecraft:white_wool`,
      `setblock ${at(2, 1, 6)} minecraft:oak_door[facing=east,half=lower]`,
    ]);
    const before = await readArea(0, 4, 4, 2, 8);
    const batch = await c.execute(
      [
        `fill ${at(0, 0, 4)} ${at(4, 2, 8)} minecraft:oak_planks hollow`,
        `setblock ${at(2, 1, 4)} minecraft:glass`,
        `setblock ${at(2, 2, 6)} minecraft:not_a_block`,
      ],
      { transactional: true },
    );
    expect(batch.results.map((r) => r.status)).toEqual(['rolled_back', 'rolled_back', 'rejected_by_game']);
    expect(batch.results.map((r) => r.applied)).toEqual([false, false, false]);
    expect(batch).toMatchObject({ appliedCount: 0, rolledBackCount: 2, failedCount: 1 });
    expect(batch.transaction).toMatchObject({ rolledBack: true, restore: { status: 'verified', failed: 0 } });
    expect(batch.transaction?.reason).toMatch(/#3 rejected_by_game/);
    expect(await readArea(0, 4, 4, 2, 8)).toEqual(before);
  });

  test('a transactional batch that succeeds is kept, and reports rolledBack false', async () => {
    const batch = await c.execute([`setblock ${at(6, 0, 4)} minecraft:gold_block`], { transactional: true });
    expect(batch.transaction).toEqual({ rolledBack: false });
    expect((await readArea(6, 4, 6, 0, 4)).palette).toMatchObject({ a: 'minecraft:gold_block' });
  });

  test('commands whose effects cannot be undone are refused in a transactional batch, naming them', async () => {
    const result = await c.call('execute_commands', {
      commands: [
        `setblock ${at(7, 0, 4)} stone`,
        'summon minecraft:pig ~ ~ ~',
        'give @s minecraft:diamond 1',
      ],
      transactional: true,
    });
    expect(result.isError).toBe(true);
    const text = JSON.stringify(result.content);
    expect(text).toMatch(/#2 summon/);
    expect(text).toMatch(/#3 give/);
  });

  test('undo_last restores the blocks of the last batches, newest first', async () => {
    const before = await readArea(0, 10, 3, 3, 13);
    await c.execute([`fill ${at(0, 0, 10)} ${at(3, 3, 13)} minecraft:bricks`]);
    await c.execute([
      `fill ${at(1, 1, 11)} ${at(2, 2, 12)} minecraft:air`,
      `setblock ${at(0, 3, 10)} minecraft:glowstone`,
    ]);
    const undo = await c.call('undo_last', { steps: 2 });
    expect(undo.isError).toBeFalsy();
    const out = undo.structuredContent as { undone: Array<{ status: string }> };
    expect(out.undone.map((u) => u.status)).toEqual(['verified', 'verified']);
    expect(await readArea(0, 10, 3, 3, 13)).toEqual(before);
  });
});

describe('progress and cancellation', () => {
  test('progress notifications arrive in increasing order up to the total', async () => {
    const seen: Array<{ progress: number; total?: number | undefined }> = [];
    const commands = Array.from(
      { length: 600 },
      (_, i) => `setblock ${at(i % 20, 4 + (((i / 20) | 0) % 6), 20)} minecraft:${i % 2 ? 'stone' : 'dirt'}`,
    );
    await c.client.callTool(
      { name: 'execute_commands', arguments: { commands } },
      {
        onprogress: (p) => seen.push(p),
        timeout: 60_000,
      },
    );
    expect(seen.length).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.progress).toBeGreaterThan(seen[i - 1]!.progress);
    expect(seen.at(-1)).toMatchObject({ progress: 600, total: 600 });
  });

  test('cancellation mid-batch: sent commands keep their outcome, unsent ones are skipped as cancelled', async () => {
    const session = await c.target.get();
    const controller = new AbortController();
    const commands = Array.from(
      { length: 1000 },
      (_, i) => `setblock ${at(i % 25, 12 + (((i / 25) | 0) % 10), 24)} minecraft:stone`,
    );
    const pending = executeBatch(session, commands, {
      signal: controller.signal,
      stopOnFailure: true, // one at a time, so the abort lands mid-batch
      onProgress: (done) => {
        if (done === 50) controller.abort();
      },
    });
    const batch = await pending;
    expect(batch.results).toHaveLength(1000);
    const skipped = batch.results.filter((r) => r.status === 'skipped');
    expect(skipped.length).toBeGreaterThan(0);
    for (const r of skipped) expect(r.detail?.reason).toMatch(/cancelled/);
    for (const r of batch.results.filter((x) => x.accepted))
      expect(['applied', 'rejected_by_game']).toContain(r.status);
    // the server stopped receiving: sent commands form a prefix, and after a fenced command (whose reply
    // comes after anything still queued) none of the unsent positions holds stone
    const sent = batch.results.filter((r) => r.accepted).length;
    expect(batch.results.slice(0, sent).every((r) => r.accepted)).toBe(true);
    expect(sent).toBeLessThan(250); // positions repeat after 250 commands
    await c.execute(['gamerule sendCommandFeedback']);
    const placed = (i: number) =>
      session.channel.readBlock!({ x: o.x + (i % 25), y: o.y + 12 + (((i / 25) | 0) % 10), z: o.z + 24 });
    for (let i = 0; i < sent; i++) expect(placed(i)).toMatchObject({ name: 'minecraft:stone' });
    const strays = Array.from({ length: 250 - sent }, (_, k) => sent + k).filter(
      (i) => (placed(i) as { name?: string }).name === 'minecraft:stone',
    );
    expect(strays).toEqual([]);
  });

  test('a cancelled MCP call leaves the connection usable', async () => {
    const controller = new AbortController();
    // 1000 distinct positions: with stopOnFailure, a repeated one (noChange) would end the batch early
    const commands = Array.from(
      { length: 1000 },
      (_, i) => `setblock ${at(i % 25, 12 + (((i / 25) | 0) % 10), 26 + ((i / 250) | 0))} minecraft:dirt`,
    );
    let progressed = 0;
    const call = c.client.callTool(
      { name: 'execute_commands', arguments: { commands, stopOnFailure: true } },
      {
        signal: controller.signal,
        // abort on an event (commands have run), not after a clock that may fire before anything is sent
        onprogress: (p) => {
          progressed = p.progress;
          if (p.progress >= 5) controller.abort();
        },
      },
    );
    await expect(call).rejects.toThrow();
    expect(progressed).toBeGreaterThanOrEqual(5);
    const after = await c.execute(['gamerule sendCommandFeedback']);
    expect(after.results[0]!.status).toBe('applied');
  });
});
