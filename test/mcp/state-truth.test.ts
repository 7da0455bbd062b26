/**
 * Issue 15 — answers stay true across a conversation, through the SDK's real Client against the embedded
 * world: a rolled-back batch says so; undo never reaches past a batch it could not record and never claims
 * a restore that did not happen; get_connection_info says where the bot is; a teleport is applied when the
 * server moves the bot, and its result says where to.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BatchResult } from '../../src/results/schema.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';
import { until } from '../helpers/wait.js';

let c: TestCompanion;
/** a block position next to where the bot spawned (never a hard-coded ground height) */
let o: { x: number; y: number; z: number };
const at = (dx: number, dy: number, dz: number) => `${o.x + dx} ${o.y + dy} ${o.z + dz}`;
const textOf = (r: CallToolResult) => r.content.map((x) => (x.type === 'text' ? x.text : '')).join('\n');

async function blockAt(dx: number, dy: number, dz: number): Promise<string | undefined> {
  const session = await c.target.get();
  const b = session.channel.readBlock?.({ x: o.x + dx, y: o.y + dy, z: o.z + dz });
  return b === undefined || b === 'unloaded' ? b : b.name;
}

async function botPosition() {
  const session = await c.target.get();
  return session.channel.executorPosition()!;
}

/** decimals always written: integers would be centred (x/z in vanilla, also y in flying-squid) */
const exact = (n: number) => n.toFixed(2);

/** Teleports the bot through execute_commands: the result itself is the proof. */
async function teleport(x: number, y: number, z: number): Promise<BatchResult> {
  return c.execute([`tp ${exact(x)} ${exact(y)} ${exact(z)}`]);
}

beforeAll(async () => {
  c = await startCompanion();
  const p = await botPosition();
  o = { x: Math.floor(p.x) + 4, y: Math.floor(p.y), z: Math.floor(p.z) + 4 };
});
afterAll(async () => {
  await c?.close();
});

describe('a failed transactional batch is ROLLED BACK, not applied', () => {
  test('every command it undid is rolled_back with applied false, and the text says to resend the whole batch', async () => {
    const result = await c.call('execute_commands', {
      commands: [
        `setblock ${at(0, 0, 0)} minecraft:oak_door[facing=east,half=lower]`,
        `setblock ${at(1, 0, 0)} minecraft:spruce_plank`,
        `fill ${at(0, -1, 1)} ${at(2, -1, 3)} minecraft:oak_planks`,
      ],
      transactional: true,
    });
    const batch = result.structuredContent as unknown as BatchResult;
    expect(batch.results.map((r) => [r.status, r.applied])).toEqual([
      ['rolled_back', false],
      ['rejected_by_game', false],
      ['rolled_back', false],
    ]);
    expect(batch).toMatchObject({ appliedCount: 0, failedCount: 1, rolledBackCount: 2 });
    expect(batch.transaction).toMatchObject({
      rolledBack: true,
      causes: [1],
      restore: { status: 'verified' },
    });
    expect(batch.undo).toEqual({ status: 'not_recorded', reason: 'rolled back: the batch changed nothing' });
    const firstLine = textOf(result).split('\n')[0]!;
    expect(firstLine).toMatch(/^ROLLED BACK: nothing changed/);
    expect(firstLine).toContain('#2 `setblock');
    expect(firstLine).toMatch(/resend the WHOLE batch \(all 3 commands\)/);
    expect(textOf(result)).not.toMatch(/resend only/i);
    expect(await blockAt(0, 0, 0)).toBe('minecraft:air');
    // nothing stands to advise on (no door half, no room): the one step gives the whole batch again, corrected
    expect(batch.actionHints?.nextSteps?.map((s) => s.action)).toEqual(['resend_commands']);
    expect(batch.actionHints?.nextSteps?.[0]!.suggestedArgs).toMatchObject({
      commands: [
        `setblock ${at(0, 0, 0)} minecraft:oak_door[facing=east,half=lower]`,
        `setblock ${at(1, 0, 0)} minecraft:spruce_planks`,
        `fill ${at(0, -1, 1)} ${at(2, -1, 3)} minecraft:oak_planks`,
      ],
      transactional: true,
    });
  });
});

describe('where the bot is', () => {
  test('get_connection_info gives the position the bot has, its ground, the loaded box and the policy', async () => {
    const result = await c.call('get_connection_info', {});
    const info = result.structuredContent as {
      bot: {
        position: { x: number; y: number; z: number };
        block: { x: number; y: number; z: number };
        dimension: string;
        facing: string;
        world: { minY: number; maxY: number };
        groundY: number;
        loaded: { chunks: number; min: { x: number; z: number }; max: { x: number; z: number } };
      };
      policy: { allow: string[]; buildZones: unknown; maxFillVolume: number };
    };
    const p = await botPosition();
    expect(info.bot.position.x).toBeCloseTo(p.x, 2);
    expect(info.bot.position.y).toBeCloseTo(p.y, 2);
    expect(info.bot.position.z).toBeCloseTo(p.z, 2);
    expect(info.bot.block).toEqual({ x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) });
    expect(info.bot.dimension).toBe('minecraft:overworld');
    expect(['north', 'south', 'east', 'west']).toContain(info.bot.facing);
    expect(info.bot.world.maxY).toBeGreaterThan(info.bot.world.minY);
    // the bot stands on the ground: the block under its feet is the top solid one
    const session = await c.target.get();
    expect(session.channel.readBlock!({ ...info.bot.block, y: info.bot.groundY })).not.toMatchObject({
      name: 'minecraft:air',
    });
    expect(info.bot.groundY).toBeLessThan(info.bot.position.y);
    expect(info.bot.loaded.chunks).toBeGreaterThan(0);
    expect(info.bot.loaded.min.x).toBeLessThanOrEqual(p.x);
    expect(info.bot.loaded.max.x).toBeGreaterThanOrEqual(p.x);
    expect(info.policy.allow).toContain('setblock');
    expect(info.policy.buildZones).toBeNull();
    const text = textOf(result);
    expect(text).toContain(`block ${info.bot.block.x} ${info.bot.block.y} ${info.bot.block.z}`);
    expect(text).toContain(`ground under it at y=${info.bot.groundY}`);
    expect(text).toMatch(/policy: allowed commands: .*setblock/);
  });

  test('the loaded area is said as the chunks the bot holds: every part reads as loaded, every named hole as not', async () => {
    type Rect = { min: { x: number; z: number }; max: { x: number; z: number } };
    type Loaded = Rect & { chunks: number; areas: Rect[]; notLoaded: Rect[] };
    const loaded = async () => {
      const result = await c.call('get_connection_info', {});
      return { result, loaded: (result.structuredContent as { bot: { loaded: Loaded } }).bot.loaded };
    };
    // the chunks around the bot have all arrived once the circle the server sends stands whole: two answers in a
    // row name the same chunks, and the box's corners are missing (on a quiet machine, two answers can come
    // between two of the server's chunk packets while only the square in the middle has arrived)
    let last = await loaded();
    await until('the circle of chunks around the bot to arrive and settle', async () => {
      const next = await loaded();
      const same = JSON.stringify(next.loaded) === JSON.stringify(last.loaded);
      last = next;
      return same && next.loaded.notLoaded.length > 0;
    });
    const { result, loaded: area } = last;
    const session = await c.target.get();
    const p = await botPosition();
    const y = Math.floor(p.y);
    const chunksIn = (r: Rect) => {
      const out: Array<{ x: number; z: number }> = [];
      for (let x = r.min.x; x <= r.max.x; x += 16)
        for (let z = r.min.z; z <= r.max.z; z += 16) out.push({ x, z });
      return out;
    };
    const state = (at: { x: number; z: number }) =>
      session.channel.readBlock!({ ...at, y }) === 'unloaded' ? 'unloaded' : 'loaded';
    const parts = area.areas.flatMap(chunksIn);
    expect(parts).toHaveLength(area.chunks);
    expect(parts.map(state)).toEqual(parts.map(() => 'loaded'));
    const holes = area.notLoaded.flatMap(chunksIn);
    expect(holes.map(state)).toEqual(holes.map(() => 'unloaded'));
    // the box is the parts and the holes, nothing else
    expect(parts.length + holes.length).toBe(
      ((area.max.x - area.min.x + 1) / 16) * ((area.max.z - area.min.z + 1) / 16),
    );
    // vanilla (and the embedded world) sends a circle of chunks: the box's corners are not loaded
    expect(holes.length).toBeGreaterThan(0);
    const line = textOf(result)
      .split('\n')
      .find((l) => l.includes('loaded: '))!;
    // said as the box with its holes, or as its parts: either way every rectangle is named
    const [named, tail] = line.includes(' except ')
      ? [area.notLoaded, `(${area.chunks} chunks; those ${holes.length} are not loaded)`]
      : [area.areas, `(${area.chunks} chunks in ${area.areas.length} parts)`];
    for (const r of named.slice(0, 8))
      expect(line).toContain(`x ${r.min.x}..${r.max.x}, z ${r.min.z}..${r.max.z}`);
    expect(line).toContain(tail);
  });

  test('a teleport of the bot is applied because the server moved it, and carries the new position', async () => {
    const start = await botPosition();
    const tx = Math.floor(start.x) + 7;
    const tz = Math.floor(start.z) - 5;
    const y = Math.floor(start.y);
    const result = await c.call('execute_commands', {
      commands: [
        `tp ${exact(tx + 0.5)} ${exact(y)} ${exact(tz + 0.5)}`,
        `setblock ${at(3, 0, 3)} minecraft:stone`,
        '',
      ],
    });
    const batch = result.structuredContent as unknown as BatchResult;
    // bad input still gets its own result: nothing is lost
    expect(batch.results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected_by_safety']);
    expect(batch.results[0]!.applied).toBe(true);
    expect(batch.results[0]!.botPosition).toEqual({ x: tx + 0.5, y, z: tz + 0.5 });
    const now = await botPosition();
    expect([now.x, now.y, now.z]).toEqual([tx + 0.5, y, tz + 0.5]);
    expect(textOf(result)).toContain(`#1 moved the bot: it is now at ${tx + 0.5} ${y} ${tz + 0.5}`);
    const info = (await c.call('get_connection_info', {})).structuredContent as {
      bot: { position: { x: number; y: number; z: number } };
    };
    expect(info.bot.position).toEqual({ x: tx + 0.5, y, z: tz + 0.5 });
    // back where the other tests expect it
    expect((await teleport(start.x, start.y, start.z)).results[0]!.status).toBe('applied');
  });
});

describe('undo never guesses', () => {
  test('a batch undo cannot snapshot is marked not_recorded, and undo_last refuses at it', async () => {
    await c.execute([`fill ${at(0, 0, 6)} ${at(2, 2, 6)} minecraft:bricks`]);
    const recorded = await c.execute([`setblock ${at(1, 3, 6)} minecraft:glowstone`]);
    expect(recorded.undo).toEqual({ status: 'recorded' });

    // one real write, and fills of empty sky that change nothing but make the batch too big to snapshot
    // 2×2×2 cubes of 32³ around the bot, inside its loaded chunks
    const sky = Array.from({ length: 8 }, (_, k) => {
      const [dx, dy, dz] = [(k & 1) * 32 - 36, 40 + ((k >> 2) & 1) * 32, ((k >> 1) & 1) * 32 - 36];
      return `fill ${at(dx, dy, dz)} ${at(dx + 31, dy + 31, dz + 31)} minecraft:air`;
    });
    const result = await c.call('execute_commands', {
      commands: [`setblock ${at(1, 3, 8)} minecraft:gold_block`, ...sky],
      timeoutMs: 60_000,
    });
    const batch = result.structuredContent as unknown as BatchResult;
    expect(batch.results[0]).toMatchObject({ status: 'applied' });
    expect(batch.results.slice(1).map((r) => r.detail?.noChange)).toEqual(sky.map(() => true));
    expect(batch.undo?.status).toBe('not_recorded');
    expect(batch.undo?.reason).toMatch(/can write 262,145 blocks, more than undo keeps/);
    expect(textOf(result)).toMatch(/undo: not recorded — the batch can write 262,145 blocks/);

    const undo = await c.call('undo_last', {});
    const out = undo.structuredContent as { undone: unknown[]; refused?: { reason: string } };
    expect(out.undone).toEqual([]);
    expect(out.refused?.reason).toMatch(/more than undo keeps/);
    expect(textOf(undo)).toMatch(/^NOT UNDONE: the last batch .* was not recorded for undo/);
    expect(textOf(undo)).toContain('past_unrecorded: true');
    // the older, recorded batch was not touched
    expect(await blockAt(1, 3, 6)).toBe('minecraft:glowstone');

    const past = await c.call('undo_last', { past_unrecorded: true });
    const pastOut = past.structuredContent as { undone: Array<{ status: string }>; passed: unknown[] };
    expect(pastOut.passed).toHaveLength(1);
    expect(pastOut.undone.map((u) => u.status)).toEqual(['verified']);
    expect(textOf(past)).toMatch(/passed over \(not recorded, left as it is\)/);
    expect(await blockAt(1, 3, 6)).toBe('minecraft:air');
    expect(await blockAt(1, 2, 6)).toBe('minecraft:bricks');
    expect(await blockAt(1, 3, 8)).toBe('minecraft:gold_block');
  });

  test('an undo whose restore does not verify keeps its entry and lists what was not put back', async () => {
    const placed = await c.execute([`fill ${at(0, 0, 9)} ${at(1, 0, 9)} minecraft:emerald_block`]);
    expect(placed.undo).toEqual({ status: 'recorded' });
    const home = await botPosition();

    // far from the blocks (and from the other player), the server refuses to write there
    const away = await teleport(home.x - 600, home.y, home.z - 600);
    expect(away.results[0]).toMatchObject({ status: 'applied', applied: true });
    const failed = await c.call('undo_last', {});
    const out = failed.structuredContent as {
      undone: unknown[];
      failed?: {
        status: string;
        blocks: number;
        restoredCount: number;
        notRestoredCount: number;
        mismatches: Array<{ x: number; y: number; z: number; expected: string }>;
      };
      remaining: number;
    };
    expect(out.undone).toEqual([]);
    expect(out.failed).toMatchObject({
      status: 'mismatch',
      blocks: 2,
      restoredCount: 0,
      notRestoredCount: 2,
    });
    expect(out.failed!.mismatches.map((m) => [m.x, m.y, m.z])).toEqual([
      [o.x, o.y, o.z + 9],
      [o.x + 1, o.y, o.z + 9],
    ]);
    const text = textOf(failed);
    expect(text).toMatch(/^NOT UNDONE/);
    expect(text).not.toMatch(/\bundid\b/);
    expect(text).toContain(`${o.x} ${o.y} ${o.z + 9}`);

    // the entry was kept: back near the blocks, the same call puts them back
    await teleport(home.x, home.y, home.z);
    const again = await c.call('undo_last', {});
    const againOut = again.structuredContent as { undone: Array<{ status: string; restoredCount: number }> };
    expect(againOut.undone).toMatchObject([{ status: 'verified', restoredCount: 2 }]);
    expect(textOf(again)).toMatch(/^undid 1 command: fill/);
    expect(await blockAt(0, 0, 9)).toBe('minecraft:air');
  });
});
