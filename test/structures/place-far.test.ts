/**
 * place_structure away from the bot and over the world's blocks, through the SDK's real Client against the
 * embedded world: far structures are built part by part with the bot moved to them (no step for the model),
 * compared at 100% and taken back by one undo; the file's air is counted, or left out with skipAir.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BatchResult } from '../../src/results/schema.js';
import { UndoHistory } from '../../src/batch/undo.js';
import { placeInParts } from '../../src/mcp/tools/structures-placing.js';
import { placeCommands } from '../../src/structures/capture.js';
import { StructureFiles } from '../../src/structures/files.js';
import type { Structure } from '../../src/structures/store.js';
import type { EncodedArea } from '../../src/world-view/encode.js';
import { defaultSafetyConfig, parseSafetyConfig } from '../../src/safety/config.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let home: { x: number; y: number; z: number };
beforeAll(async () => {
  c = await startCompanion({ username: 'Surveyor', world: { ops: ['Surveyor', 'Warden'] } });
  const p = (await c.target.get()).channel.executorPosition()!;
  home = { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) };
});
afterAll(async () => {
  await c?.close();
});

type Pos = { x: number; y: number; z: number };
interface Placed extends BatchResult {
  moves?: { parts: number; partsSent: number; botPosition?: Pos; stopped?: string };
  air?: { replaced: number; uncounted: number; kept?: number };
}

/** A structure from a function of its local position (x fastest, then z, then y, as saved). */
function structureOf(
  name: string,
  size: Pos,
  stateAt: (x: number, y: number, z: number) => string,
): Structure {
  const palette: string[] = [];
  const blocks: number[] = [];
  for (let y = 0; y < size.y; y++)
    for (let z = 0; z < size.z; z++)
      for (let x = 0; x < size.x; x++) {
        const state = stateAt(x, y, z);
        let i = palette.indexOf(state);
        if (i < 0) i = palette.push(state) - 1;
        blocks.push(i);
      }
  return {
    format: 'mcbridge-structure',
    version: 1,
    name,
    savedAt: new Date().toISOString(),
    size,
    palette,
    blocks,
  };
}

/** A 7×5×7 hut: stone brick walls, floor and roof, air inside, a doorway in the north wall. */
const hut = structureOf('far_hut', { x: 7, y: 5, z: 7 }, (x, y, z) => {
  const wall = x === 0 || x === 6 || z === 0 || z === 6 || y === 0 || y === 4;
  const doorway = z === 0 && x === 3 && (y === 1 || y === 2);
  return wall && !doorway ? 'minecraft:stone_bricks' : 'minecraft:air';
});

const read = async (from: Pos, to: Pos) =>
  (await c.call('get_blocks_in_area', { from, to, includeAir: true }))
    .structuredContent as unknown as EncodedArea;

const botAt = async () => (await c.target.get()).channel.executorPosition()!;

/** The two ends of the 400-block wall at `origin`, each read with the bot moved over it. */
async function endsAre(origin: Pos, expected: (x: number) => string) {
  for (const x of [origin.x, origin.x + 399]) {
    await c.execute([`tp ${x} ${origin.y + 2} ${origin.z}`]);
    const end = { x, y: origin.y, z: origin.z + 1 };
    await expect
      .poll(async () => Object.values((await read(end, end)).palette), {
        timeout: 30_000,
        message: `the wall's end at x ${x} once its chunk has arrived`,
      })
      .toEqual([expected(x)]);
  }
}

describe('place_structure far from the bot', () => {
  test('a hut 300 blocks away is built in one call, compares at 100%, and one undo_last takes it back', async () => {
    await c.structures.save(hut);
    const origin = { x: home.x + 300, y: home.y, z: home.z + 4 };
    const args = { name: 'far_hut', origin };
    const placed = await c.call('place_structure', args);
    expect(placed.isError).toBeFalsy();
    const batch = placed.structuredContent as unknown as Placed;
    // nothing refused for unloaded chunks: every command applied (air over air is "already there")
    expect(batch.failedCount).toBe(0);
    expect(batch.appliedCount).toBeGreaterThan(0);
    expect(batch.appliedCount + (batch.unchangedCount ?? 0)).toBe(batch.totalCommands);
    expect(batch.undo).toEqual({ status: 'recorded' });
    expect(batch.moves).toMatchObject({ parts: 1, partsSent: 1 });
    // the answer says where the bot is, and it is there: above the hut
    const now = await botAt();
    expect(now.x).toBeGreaterThanOrEqual(origin.x);
    expect(now.x).toBeLessThanOrEqual(origin.x + 7);
    expect(batch.moves!.botPosition!.x).toBeCloseTo(now.x, 0);
    const text = JSON.stringify(placed.content);
    expect(text).toMatch(/built in 1 part, the bot was teleported above it/);
    expect(text).not.toMatch(/not loaded/);

    const compared = await c.call('compare_structure', args);
    expect(compared.isError).toBeFalsy();
    expect(compared.structuredContent).toMatchObject({ differenceCount: 0, total: 7 * 5 * 7 });

    const corner = { x: origin.x, y: origin.y + 1, z: origin.z };
    expect(Object.values((await read(corner, corner)).palette)).toEqual(['minecraft:stone_bricks']);
    // the bot walks home in between: undo moves it back over the hut itself
    const home_ = await c.execute([`tp ${home.x} ${home.y} ${home.z}`]);
    expect(home_.results[0]!.status).toBe('applied');
    const undone = await c.call('undo_last', {});
    expect(undone.isError).toBeFalsy();
    const undo = undone.structuredContent as { undone: Array<{ status: string; label: string }> };
    expect(undo.undone).toHaveLength(1);
    expect(undo.undone[0]!.status).toBe('verified');
    expect(undo.undone[0]!.label).toMatch(/place_structure far_hut/);
    expect(JSON.stringify(undone.content)).toMatch(/the bot was moved over each part of it and stands at/);
    expect(Object.values((await read(corner, corner)).palette)).not.toContain('minecraft:stone_bricks');
  });

  test('a .schem file placed 300 blocks the other way, turned a quarter, compares at 100% and is undone', async () => {
    // written as WorldEdit would (Sponge v3) at 1.21.4's DataVersion, read back through the file path
    await new StructureFiles(c.structures.dir, []).write('far_hut.schem', hut, 4189);
    const origin = { x: home.x - 300, y: home.y, z: home.z - 30 };
    const args = { file: 'far_hut.schem', origin, rotation: 90 };
    const placed = await c.call('place_structure', args);
    expect(placed.isError).toBeFalsy();
    const batch = placed.structuredContent as unknown as Placed;
    expect(batch.moves).toMatchObject({ parts: 1, partsSent: 1 });
    expect(batch.failedCount).toBe(0);
    expect(batch.undo).toEqual({ status: 'recorded' });
    const compared = await c.call('compare_structure', args);
    expect(compared.structuredContent).toMatchObject({ differenceCount: 0, total: 7 * 5 * 7 });
    const undone = await c.call('undo_last', {});
    expect((undone.structuredContent as { undone: Array<{ status: string }> }).undone).toEqual([
      expect.objectContaining({ status: 'verified' }),
    ]);
    const after = await c.call('compare_structure', args);
    expect((after.structuredContent as { differenceCount: number }).differenceCount).toBeGreaterThan(0);
  });

  test('a structure wider than the chunks the bot holds is built part by part, every write read back', async () => {
    // 400 blocks along x, centred on the bot: the embedded world (view distance 4) sends the bot ~11 chunks across
    const line = structureOf('long_wall', { x: 400, y: 1, z: 2 }, (x) =>
      x % 16 === 0 ? 'minecraft:glowstone' : 'minecraft:cobblestone',
    );
    await c.structures.save(line);
    const origin = { x: home.x - 200, y: home.y + 6, z: home.z - 20 };
    const placed = await c.call('place_structure', { name: 'long_wall', origin });
    expect(placed.isError).toBeFalsy();
    const batch = placed.structuredContent as unknown as Placed;
    expect(batch.moves!.parts).toBeGreaterThan(1);
    expect(batch.moves!.partsSent).toBe(batch.moves!.parts);
    expect((placed.content[0] as { text: string }).text).toMatch(
      new RegExp(`built in ${batch.moves!.parts} parts, the bot was teleported above each part in turn`),
    );
    expect(batch.failedCount).toBe(0);
    expect(batch.appliedCount).toBe(batch.totalCommands);
    // each part was verified where the bot stood for it
    expect(batch.totalCommands).toBeLessThanOrEqual(200);
    const batchId = (batch as { page?: { batchId: string } }).page!.batchId;
    const all = await c.call('get_batch_results', { batchId, limit: 200, resultDetail: 'full' });
    const results = (all.structuredContent as { results: BatchResult['results'] }).results;
    expect(results).toHaveLength(batch.totalCommands);
    expect(results.every((r) => r.verification?.status === 'verified')).toBe(true);
    // both ends stand: the bot is moved back over each to read it
    await endsAre(origin, (x) => (x === origin.x ? 'minecraft:glowstone' : 'minecraft:cobblestone'));
    // one undo_last takes the whole wall back, the bot moved over each part as the placement did
    const undone = await c.call('undo_last', {});
    expect(undone.isError).toBeFalsy();
    const undo = undone.structuredContent as {
      undone: Array<{ status: string; label: string; blocks: number; restoredCount: number }>;
    };
    expect(undo.undone).toHaveLength(1);
    expect(undo.undone[0]).toMatchObject({ status: 'verified', label: expect.stringMatching(/long_wall/) });
    expect(undo.undone[0]!.restoredCount).toBe(undo.undone[0]!.blocks);
    await endsAre(origin, () => 'minecraft:air');
  });
});

test("a far placement outside the operator's build zone moves nothing: one batch answers with the refusals", async () => {
  const first = (await c.target.get()).channel.executorPosition()!;
  const zone = parseSafetyConfig(
    {
      ...defaultSafetyConfig,
      buildZone: [
        {
          from: [Math.floor(first.x) - 40, -64, Math.floor(first.z) - 40],
          to: [Math.floor(first.x) + 40, 100, Math.floor(first.z) + 40],
        },
      ],
    },
    'test zone',
  );
  const warden = await startCompanion({ existingWorld: c.world, username: 'Warden', safety: zone });
  try {
    const channel = (await warden.target.get()).channel;
    const start = channel.executorPosition()!;
    await warden.structures.save(hut);
    const origin = { x: Math.floor(start.x) + 300, y: Math.floor(start.y), z: Math.floor(start.z) };
    const placed = await warden.call('place_structure', { name: 'far_hut', origin });
    const batch = placed.structuredContent as unknown as Placed;
    expect(batch.moves).toBeUndefined();
    expect(batch.totalCommands).toBeGreaterThan(0);
    expect(batch.results.every((r) => r.status === 'rejected_by_safety')).toBe(true);
    const now = channel.executorPosition()!;
    expect(Math.abs(now.x - start.x) + Math.abs(now.z - start.z)).toBeLessThan(1);
  } finally {
    await warden.close();
  }
});

describe("a structure's air", () => {
  // 3×2×3: a glass bottom layer; on top, glass at the corners and air in the five other positions
  const cap = structureOf('air_cap', { x: 3, y: 2, z: 3 }, (x, y, z) =>
    y === 0 || ((x === 0 || x === 2) && (z === 0 || z === 2)) ? 'minecraft:glass' : 'minecraft:air',
  );
  // beside wherever the bot stands now (the tests above move it)
  const at = async () => {
    const p = await botAt();
    return { x: Math.floor(p.x) + 6, y: Math.floor(p.y) + 3, z: Math.floor(p.z) - 8 };
  };
  const top = (o: Pos) => ({
    from: { x: o.x, y: o.y + 1, z: o.z },
    to: { x: o.x + 2, y: o.y + 1, z: o.z + 2 },
  });
  const plinth = async (o: Pos) => {
    // the world there: stone in four of the five positions the file has air, air in the fifth (the middle)
    const batch = await c.execute([
      `fill ${o.x} ${o.y} ${o.z} ${o.x + 2} ${o.y + 1} ${o.z + 2} minecraft:stone`,
      `setblock ${o.x + 1} ${o.y + 1} ${o.z + 1} minecraft:air`,
    ]);
    expect(batch.appliedCount).toBe(2);
  };
  const topStates = async (o: Pos) => {
    const { from, to } = top(o);
    const area = await read(from, to);
    const count: Record<string, number> = {};
    for (const [key, n] of Object.entries(area.counts)) {
      const name = area.palette[key] ?? (key === '.' ? 'minecraft:air' : key);
      count[name] = (count[name] ?? 0) + n;
    }
    return count;
  };

  test('placed as it is, the answer counts the world blocks its air replaced (4 stone, not the air)', async () => {
    await c.structures.save(cap);
    const o = await at();
    await plinth(o);
    const placed = await c.call('place_structure', { name: 'air_cap', origin: o });
    expect(placed.isError).toBeFalsy();
    const batch = placed.structuredContent as unknown as Placed;
    expect(batch.moves).toBeUndefined();
    expect(batch.air).toEqual({ replaced: 4, uncounted: 0 });
    expect(JSON.stringify(placed.content)).toMatch(/The file's air replaced 4 of the world's blocks/);
    expect(await topStates(o)).toEqual({ 'minecraft:glass': 4, 'minecraft:air': 5 });
  });

  test('skipAir: true leaves the world as it is where the file has air', async () => {
    const here = await at();
    const o = { ...here, x: here.x + 5 };
    await plinth(o);
    const placed = await c.call('place_structure', { name: 'air_cap', origin: o, skipAir: true });
    expect(placed.isError).toBeFalsy();
    const batch = placed.structuredContent as unknown as Placed;
    expect(batch.air).toEqual({ replaced: 0, uncounted: 0, kept: 5 });
    expect(batch.results.every((r) => !r.command.includes('minecraft:air'))).toBe(true);
    expect(JSON.stringify(placed.content)).toMatch(/skipAir: where the file has air \(5 positions\)/);
    expect(await topStates(o)).toEqual({ 'minecraft:glass': 4, 'minecraft:stone': 4, 'minecraft:air': 1 });
  });
});

test('cancelled between parts: the parts not sent are skipped, and undo holds exactly the parts that were built', async () => {
  const session = await c.target.get();
  const p = session.channel.executorPosition()!;
  const line = structureOf('cut_wall', { x: 300, y: 1, z: 1 }, () => 'minecraft:bricks');
  const origin = { x: Math.floor(p.x) + 400, y: Math.floor(p.y) + 8, z: Math.floor(p.z) };
  const box = { min: origin, max: { x: origin.x + 299, y: origin.y, z: origin.z } };
  const stop = new AbortController();
  const undo = new UndoHistory();
  const { batch, moves } = await placeInParts(
    session,
    {
      structure: line,
      origin,
      transform: { rotation: 0, mirror: 'none' },
      skip: () => false,
      box,
      commands: placeCommands(line, origin),
    },
    {
      safety: defaultSafetyConfig,
      target: 'default',
      undo,
      label: 'cut_wall',
      signal: stop.signal,
      // the first part's command is done: stop before the next part
      onProgress: (done) => {
        if (done > 0) stop.abort();
      },
    },
  );
  expect(moves!.parts).toBeGreaterThan(2);
  expect(moves!.partsSent).toBe(1);
  expect(moves!.stopped).toBe('cancelled before it was sent');
  expect(batch.appliedCount).toBe(1);
  const skipped = batch.results.filter((r) => r.status === 'skipped');
  expect(skipped).toHaveLength(batch.totalCommands - 1);
  expect(skipped.every((r) => r.detail?.reason === 'cancelled before it was sent')).toBe(true);
  // one entry, holding the first part's blocks only: undo puts back what was built, nothing else
  expect(undo.size).toBe(1);
  const entry = undo.peek()!;
  expect(entry.kind).toBe('recorded');
  if (entry.kind !== 'recorded') return;
  const built = batch.results
    .find((r) => r.status === 'applied')!
    .command.split(' ')
    .slice(1, 7)
    .map(Number);
  expect(entry.snapshot.states.size).toBe(built[3]! - built[0]! + 1);
  expect(entry.stands).toHaveLength(1);
});
