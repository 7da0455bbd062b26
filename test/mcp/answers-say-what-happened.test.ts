/**
 * Every headline says exactly what happened, through the SDK's real Client against the embedded world: a
 * command whose world already matched is "unchanged" (never failed) in a batch, a structure placement and a
 * build job; undo says what it holds (entries, how many it can undo now and why not the others) and counts
 * what it changed back apart from what already matched; the sentences the tools say about themselves
 * (get_build_job, save_structure, render_area's cutaway) are what the tools do.
 */
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UndoRegistry } from '../../src/batch/undo.js';
import { mineflayerTarget } from '../../src/connection/factories.js';
import { Targets } from '../../src/connection/targets.js';
import { JobManager } from '../../src/jobs/manager.js';
import type { JobReport } from '../../src/jobs/report.js';
import type { JobState } from '../../src/jobs/schema.js';
import { createServer } from '../../src/mcp/server.js';
import type { UndoLastResult } from '../../src/results/undo.js';
import { type BatchResult, CommandStatusSchema } from '../../src/results/schema.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { StructureStore } from '../../src/structures/store.js';
import { logger } from '../../src/vocabulary/logger.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';

const silent = logger.child({}, { level: 'silent' });
let world: WorldHandle;
let targets: Targets;
let jobs: JobManager;
let client: Client;
let jobsDir: string;
/** a block position beside where the bot spawned, at its feet */
let o: { x: number; y: number; z: number };
const at = (dx: number, dy: number, dz: number) => `${o.x + dx} ${o.y + dy} ${o.z + dz}`;
const pos = (dx: number, dy: number, dz: number) => ({ x: o.x + dx, y: o.y + dy, z: o.z + dz });

/** every text answer of this file, to check what they point to */
const answers: string[] = [];
const call = async (name: string, args: Record<string, unknown>) => {
  const result = (await client.callTool(
    { name, arguments: args },
    {
      timeout: 170_000,
    },
  )) as CallToolResult;
  answers.push(textOf(result));
  return result;
};
const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
const batchOf = (r: CallToolResult) => r.structuredContent as unknown as BatchResult;
const jobOf = (r: CallToolResult) => {
  if (r.isError) throw new Error(textOf(r));
  return r.structuredContent as unknown as JobReport;
};
const undoOf = (r: CallToolResult) => {
  if (r.isError) throw new Error(textOf(r));
  return r.structuredContent as unknown as UndoLastResult;
};
async function blockAt(dx: number, dy: number, dz: number): Promise<string | undefined> {
  const session = await targets.get().get();
  const b = session.channel.readBlock?.({ x: o.x + dx, y: o.y + dy, z: o.z + dz });
  return b === undefined || b === 'unloaded' ? b : b.name;
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcbridge-answers-'));
  const structures = new StructureStore(join(dir, 'structures'));
  world = await startWorld({ ops: ['Teller'], templates: structures });
  const target = mineflayerTarget({
    host: world.host,
    port: world.port,
    username: 'Teller',
    version: world.version,
    spawnTimeoutMs: 120_000,
  });
  targets = new Targets([target]);
  const undo = new UndoRegistry();
  jobsDir = join(dir, 'jobs');
  jobs = new JobManager({ targets, safety: defaultSafetyConfig, log: silent, dir: jobsDir, undo });
  await jobs.init();
  const server = createServer({ targets, log: silent, safety: defaultSafetyConfig, jobs, undo, structures });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  client = new Client({ name: 'answers-test', version: '0' });
  await client.connect(a);
  const p = (await target.get()).channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
});

afterAll(async () => {
  await client?.close();
  await jobs?.close();
  await targets?.closeAll();
  await world?.stop();
});

describe('"already so" is unchanged, never failed', () => {
  test('a batch with a command whose world already matched: unchanged in the counts and the headline', async () => {
    const result = await call('execute_commands', {
      commands: [`setblock ${at(0, 0, 0)} minecraft:stone`, `setblock ${at(0, 0, 0)} minecraft:stone`],
    });
    const batch = batchOf(result);
    // the per-command contract stays: rejected_by_game with detail.noChange
    expect(batch.results[1]).toMatchObject({ status: 'rejected_by_game', detail: { noChange: true } });
    expect(batch).toMatchObject({ appliedCount: 1, unchangedCount: 1, failedCount: 0 });
    const [first, hint] = textOf(result).split('\n');
    expect(first).toMatch(/^1\/2 applied .*1 unchanged \(the world already matched\), 0 failed/);
    expect(first).not.toMatch(/failed \(/);
    expect(hint).toMatch(/1 unchanged/);
    expect(textOf(result)).toMatch(/^#2 unchanged \(the world already matched\): /m);
    expect(textOf(result)).not.toMatch(/rejected_by_game/);
  });

  test('a transactional batch with a command whose world already matched is not rolled back for it', async () => {
    await call('execute_commands', { commands: [`setblock ${at(0, 0, 1)} minecraft:stone`] });
    const result = await call('execute_commands', {
      commands: [`setblock ${at(0, 0, 1)} minecraft:stone`, `setblock ${at(1, 0, 1)} minecraft:bricks`],
      transactional: true,
    });
    const batch = batchOf(result);
    expect(batch.transaction).toEqual({ rolledBack: false });
    expect(batch).toMatchObject({ appliedCount: 1, unchangedCount: 1, failedCount: 0 });
    expect(textOf(result)).not.toMatch(/ROLLED BACK/);
    expect(await blockAt(1, 0, 1)).toBe('minecraft:bricks');
  });

  test('a build job with no-op steps: unchanged in its counts, no failure, no advice to fix or resume', async () => {
    const started = await call('start_build_job', {
      name: 'No-op steps',
      phases: [
        {
          name: 'floor',
          commands: [
            `fill ${at(0, -1, 4)} ${at(2, -1, 6)} minecraft:oak_planks`,
            `fill ${at(0, -1, 4)} ${at(2, -1, 6)} minecraft:oak_planks`,
            `setblock ${at(0, 0, 4)} minecraft:air`,
          ],
        },
      ],
    });
    const id = jobOf(started).id;
    const done = await call('get_build_job', { id, waitSeconds: 120 });
    const r = jobOf(done);
    expect(r.status).toBe('completed');
    expect(r.counts).toEqual({ applied: 1, unchanged: 2 });
    expect(r.failedSteps).toBe(0);
    expect(r.failures).toEqual([]);
    expect(r.hint).toMatch(/^Done: 1\/3 steps applied, 2 unchanged \(the world already matched\)\.$/);
    expect(textOf(done)).not.toMatch(/did not apply|fix the cause|resume_build_job|rejected_by_game/);

    // a resume from the phase has nothing to retry: the unchanged steps are not sent again
    jobOf(await call('resume_build_job', { id, from: 'floor' }));
    expect(jobOf(await call('get_build_job', { id, waitSeconds: 120 })).status).toBe('completed');
    const journal = JSON.parse(await readFile(join(jobsDir, `${id}.json`), 'utf8')) as JobState;
    expect(journal.steps.map((s) => s.attempts)).toEqual([1, 1, 1]);
  });
});

describe('undo says what it holds and what it did', () => {
  test('after a mixed batch: 1 changed back, 1 already matched; entries, how many undoable now, and which', async () => {
    // a batch that changes one block and finds one already right
    await call('execute_commands', { commands: [`setblock ${at(0, 0, 8)} minecraft:stone`] });
    const mixed = await call('execute_commands', {
      commands: [`setblock ${at(0, 0, 8)} minecraft:stone`, `setblock ${at(1, 0, 8)} minecraft:gold_block`],
    });
    expect(textOf(mixed)).toMatch(/undo: recorded/);
    const undo = await call('undo_last', {});
    const out = undoOf(undo);
    expect(out.undone[0]).toMatchObject({ changedBack: 1, alreadyMatched: 1 });
    expect(textOf(undo)).toMatch(/changed back 1 block\(s\), 1 already matched/);
    expect(textOf(undo)).not.toMatch(/2 block\(s\) put back/);
    expect(await blockAt(1, 0, 8)).toBe('minecraft:air');
    expect(await blockAt(0, 0, 8)).toBe('minecraft:stone');
    // what is left, by name: the batch that set the stone is next
    expect(out.entries[0]).toMatchObject({ undoable: true, label: expect.stringContaining('setblock') });
    expect(textOf(undo)).toMatch(/undo entr(y|ies) left: \d+ recorded batch(es)?.*; \d+ undoable now/);
  });

  test('a build job says at its start that undo cannot put it back, and undo counts it as not undoable', async () => {
    await call('execute_commands', { commands: [`setblock ${at(4, 0, 8)} minecraft:gold_block`] });
    const started = await call('start_build_job', {
      name: 'Row',
      commands: [`setblock ${at(4, 0, 9)} minecraft:bricks`, `setblock ${at(5, 0, 9)} minecraft:bricks`],
    });
    const report = jobOf(started);
    expect(report.undoable).toBe(false);
    expect(textOf(started)).toMatch(/^undo: undo_last cannot put this job back/m);
    const done = await call('get_build_job', { id: report.id, waitSeconds: 120 });
    expect(jobOf(done).undoable).toBe(false);
    expect(textOf(done)).toMatch(/^undo: undo_last cannot put this job back/m);

    // listing without undoing: the job on top, not undoable, the batch behind it only past it
    const listed = await call('undo_last', { list: true });
    const held = undoOf(listed);
    expect(held.undone).toEqual([]);
    expect(held.entries[0]).toMatchObject({ undoable: false, label: expect.stringContaining(report.id) });
    expect(held.entries[1]).toMatchObject({ undoable: false, behind: expect.stringContaining(report.id) });
    expect(textOf(listed)).toMatch(/0 undoable now/);
    expect(textOf(listed)).toMatch(/past_unrecorded: true/);
    expect(await blockAt(4, 0, 9)).toBe('minecraft:bricks');

    // the refusal's sentences are what get_build_job shows
    const refused = await call('undo_last', {});
    expect(textOf(refused)).toContain(`NOT UNDONE: the last batch (build job ${report.id}`);
    expect(textOf(refused)).not.toMatch(/lists every step/);
    expect(textOf(refused)).toMatch(/get_build_job shows its counts per outcome and its failed steps/);
    const shown = jobOf(done);
    expect(shown.counts).toEqual({ applied: 2 });
    expect(shown.failures).toEqual([]);
    // past it on purpose: the gold block of the batch before goes, the job's bricks stay
    await call('undo_last', { past_unrecorded: true });
    expect(await blockAt(4, 0, 8)).toBe('minecraft:air');
    expect(await blockAt(4, 0, 9)).toBe('minecraft:bricks');
  });

  test('a placed structure: the headline counts unchanged blocks apart, undo changes back only what it changed', async () => {
    const base = pos(0, 0, 12);
    await call('execute_commands', {
      commands: [
        `fill ${at(0, 0, 12)} ${at(2, 0, 12)} minecraft:stone`,
        `setblock ${at(1, 0, 12)} minecraft:air`,
      ],
    });
    const saved = await call('save_structure', { name: 'gap', from: base, to: pos(2, 0, 12) });
    expect(saved.isError).toBeFalsy();
    // the target row already holds stone at its west end and air in the middle: one block differs
    await call('execute_commands', { commands: [`setblock ${at(0, 0, 14)} minecraft:stone`] });
    const placed = await call('place_structure', { name: 'gap', origin: pos(0, 0, 14) });
    const batch = batchOf(placed);
    expect(batch).toMatchObject({ totalCommands: 3, appliedCount: 1, unchangedCount: 2, failedCount: 0 });
    expect(textOf(placed).split('\n')[0]).toMatch(
      /^1\/3 applied .*2 unchanged \(the world already matched\), 0 failed/,
    );
    const undo = await call('undo_last', {});
    expect(undoOf(undo).undone[0]).toMatchObject({ changedBack: 1, alreadyMatched: 2 });
    expect(textOf(undo)).toMatch(/changed back 1 block\(s\), 2 already matched/);
    expect(await blockAt(2, 0, 14)).toBe('minecraft:air');
    expect(await blockAt(0, 0, 14)).toBe('minecraft:stone');
  });
});

describe('the sentences the tools say about themselves', () => {
  test('save_structure writes a structure file when only file is given (the name comes from the file)', async () => {
    const saved = await call('save_structure', {
      file: 'row.schem',
      from: pos(0, 0, 12),
      to: pos(2, 0, 12),
    });
    expect(saved.isError, textOf(saved)).toBeFalsy();
    expect(textOf(saved)).toMatch(/^saved "row" to .*row\.schem/);
  });
});

describe('render_area says what the picture shows', () => {
  /** a 7×7 cobblestone room with a gable roof of oak stairs and a slab ridge, a crafting table inside */
  const house = () => {
    const z0 = 20;
    const row = (dy: number, dz: number, block: string) =>
      `fill ${at(0, dy, z0 + dz)} ${at(6, dy, z0 + dz)} ${block}`;
    return [
      `fill ${at(0, -1, z0)} ${at(6, -1, z0 + 6)} minecraft:oak_planks`,
      `fill ${at(0, 0, z0)} ${at(6, 2, z0 + 6)} minecraft:cobblestone hollow`,
      // hollow fills the top and the bottom too: the room is open from the floor to the roof
      `fill ${at(1, 0, z0 + 1)} ${at(5, 2, z0 + 5)} minecraft:air`,
      row(3, 0, 'minecraft:oak_stairs[facing=south]'),
      row(3, 6, 'minecraft:oak_stairs[facing=north]'),
      row(4, 1, 'minecraft:oak_stairs[facing=south]'),
      row(4, 5, 'minecraft:oak_stairs[facing=north]'),
      row(5, 2, 'minecraft:oak_stairs[facing=south]'),
      row(5, 4, 'minecraft:oak_stairs[facing=north]'),
      row(6, 3, 'minecraft:oak_slab'),
      // the gable ends
      ...[0, 6].flatMap((dx) => [
        `fill ${at(dx, 3, z0 + 1)} ${at(dx, 3, z0 + 5)} minecraft:oak_planks`,
        `fill ${at(dx, 4, z0 + 2)} ${at(dx, 4, z0 + 4)} minecraft:oak_planks`,
        `setblock ${at(dx, 5, z0 + 3)} minecraft:oak_planks`,
      ]),
      `setblock ${at(3, 0, z0 + 3)} minecraft:crafting_table`,
    ];
  };
  // down to the dirt under the grass: in the box, but no picture from above can show it
  const box = () => ({ from: pos(-1, -2, 19), to: pos(7, 7, 27) });

  test('under a pitched roof: the roof is cut away and the answer says what was cut, by type', async () => {
    const built = batchOf(await call('execute_commands', { commands: house() }));
    expect(built.failedCount).toBe(0);
    const r = await call('render_area', { ...box(), view: 'isometric' });
    const out = r.structuredContent as {
      cutaway?: { fromY: number; removed: number; blocks: Array<{ name: string; count: number }> };
      shown: string[];
    };
    // the ridge and the two upper stair rows of each side, with the gable tops between them
    expect(out.cutaway).toEqual({
      fromY: o.y + 4,
      removed: 7 + 28 + 8,
      blocks: [
        { name: 'oak_stairs', count: 28 },
        { name: 'oak_planks', count: 8 },
        { name: 'oak_slab', count: 7 },
      ],
    });
    // from the south-east the roof's front row stands right between the eye and the crafting table: the answer
    // counts what was drawn, says the table is not in the picture, and names the call that shows it
    expect(out.shown).not.toContain('crafting_table');
    expect(textOf(r)).toContain(
      `not in the picture at all: crafting_table 1 — to see them, render the box with to.y ${o.y} (their top layer, then seen from above)`,
    );
    const sliced = await call('render_area', { ...box(), to: { ...box().to, y: o.y }, view: 'isometric' });
    expect((sliced.structuredContent as { shown: string[] }).shown).toContain('crafting_table');
    expect(textOf(sliced)).toMatch(
      /^in the picture \(blocks with a face it shows\): [^;]*\bcrafting_table 1\b/m,
    );
    expect(textOf(r)).not.toMatch(/^seen from above/m);
    // the dirt under the grass shows only where the box cuts it on the two sides seen from the south-east
    expect(textOf(r)).toMatch(/^in the picture \(blocks with a face it shows\): .*\bdirt 17\b/m);
    expect(textOf(r)).toMatch(/; \d+ more lie wholly behind others, not in the picture/);
    expect(textOf(r)).toContain(
      `cut away: 43 blocks from y ${o.y + 4} up are not drawn (oak_stairs 28, oak_planks 8, oak_slab 7), and the near walls of the room under it are drawn see-through`,
    );
    // the same box, told not to cut: it says so
    const whole = await call('render_area', { ...box(), view: 'isometric', cutaway: false });
    expect(textOf(whole)).toContain('nothing cut away (cutaway: false)');
  });

  test('a top view names only the top block of each column, and nothing about see-through walls', async () => {
    const r = await call('render_area', { ...box(), view: 'top' });
    const text = textOf(r);
    const out = r.structuredContent as { shown: string[]; blocks: Array<{ name: string }> };
    expect(text).not.toMatch(/see-through/);
    expect(text).toMatch(/^cut away: 43 blocks from y -?\d+ up are not drawn \(oak_stairs 28/m);
    // the inside shows through the cut roof; the dirt under the grass is in the box but not in the picture
    expect(out.shown).toContain('crafting_table');
    expect(out.blocks.map((b) => b.name)).toContain('dirt');
    expect(out.shown).not.toContain('dirt');
    const seen = /^seen from above \(the top block of each column\): (.*?)(;|$)/m.exec(text);
    expect(seen?.[1]?.split(', ')).toEqual(out.shown);
    expect(text).not.toMatch(/dirt/);
    expect(text).toMatch(/other blocks lie under them/);
  });
});

describe('get_connection_info says what the next call needs', () => {
  interface Info {
    signInMode: string;
    bot: { groundY: number; groundBlock: string; aboveGround: number; position: { y: number } };
  }
  const tp = (x: number, y: number, z: number) =>
    call('execute_commands', { commands: [`tp @s ${x.toFixed(2)} ${y.toFixed(2)} ${z.toFixed(2)}`] });

  test('how the bot signs in, and whether it stands on the ground or hovers above it', async () => {
    const spot = { x: o.x + 10.5, z: o.z + 0.5 };
    // the teleport's own answer says where the bot is, not that it stands (it may hover there)
    const moved = await tp(spot.x, o.y + 4, spot.z);
    expect(textOf(moved)).toContain(`#1 moved the bot: it is now at ${spot.x} ${o.y + 4} ${spot.z}`);
    expect(textOf(moved)).not.toMatch(/stands/);
    const high = await call('get_connection_info', {});
    const info = high.structuredContent as unknown as Info;
    expect(info.signInMode).toBe('offline');
    expect(textOf(high)).toMatch(/^signs in: offline \(a name without a Microsoft account/m);
    const above = o.y + 4 - (info.bot.groundY + 1);
    expect(above).toBeGreaterThan(0);
    expect(info.bot.aboveGround).toBeCloseTo(above, 2);
    const ground = info.bot.groundBlock.replace('minecraft:', '');
    expect(textOf(high)).toContain(
      `hovering ${above} block(s) above the ground: ${ground} at y=${info.bot.groundY} is the first block under its feet`,
    );
    expect(textOf(high)).not.toMatch(/standing on/);

    await tp(spot.x, info.bot.groundY + 1, spot.z);
    const low = await call('get_connection_info', {});
    expect((low.structuredContent as unknown as Info).bot.aboveGround).toBe(0);
    expect(textOf(low)).toContain(`standing on ${ground} (ground under it at y=${info.bot.groundY})`);
    expect(textOf(low)).not.toMatch(/hovering/);
  });
});

describe('pointers to the results guide carry its gist', () => {
  test('no answer sends the model to a resource; a description that does names every status itself', async () => {
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((a) => a.includes('mcbridge://'))).toEqual([]);
    const { tools } = await client.listTools();
    const pointing = tools.filter((t) => t.description?.includes('mcbridge://guide/results'));
    expect(pointing.map((t) => t.name)).toEqual(['execute_commands']);
    for (const t of pointing)
      for (const status of CommandStatusSchema.options) expect(t.description).toContain(status);
  });
});
