/**
 * Every cost is bounded before work starts: boxes far beyond a tool's limit are refused with the limit and a
 * few ready split calls, and the server goes on answering. Runs the built CLI (`serve --embedded`) in its own
 * process, so that a call that wedged the server could only fail this test (the client's request bound and
 * the other call racing it), never hang the test process itself.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { rssMb } from '../helpers/hostile-calls.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = `${root}dist/cli/main.js`;

let client: Client;
let servePid: number;
const structuresDir = mkdtempSync(join(tmpdir(), 'mcbridge-structures-'));

// a generous bound for "answered at all": a refusal needs no world work, only the round trip
const ANSWERED = { timeout: 60_000 };

beforeAll(async () => {
  // test/global-setup.ts built dist from today's sources
  expect(existsSync(cli)).toBe(true);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'serve', '--embedded', '--username', 'Bounds'],
    stderr: 'pipe',
    env: {
      ...process.env,
      MCBRIDGE_LOG_LEVEL: 'warn',
      MCBRIDGE_JOBS_DIR: mkdtempSync(join(tmpdir(), 'mcbridge-jobs-')),
      MCBRIDGE_STRUCTURES_DIR: structuresDir,
    } as Record<string, string>,
  });
  // read what serve logs, as a host does: an unread pipe that fills would stop serve's writes
  transport.stderr?.on('data', () => undefined);
  client = new Client({ name: 'bounds', version: '0' });
  await client.connect(transport);
  servePid = transport.pid!;
  // the bot is in the world before the hostile calls start
  await client.callTool({ name: 'get_connection_info', arguments: {} }, { timeout: 120_000 });
});
afterAll(async () => {
  await client?.close();
});

const call = async (name: string, args: unknown) =>
  (await client.callTool({ name, arguments: args as Record<string, unknown> }, ANSWERED)) as CallToolResult;
const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

const WORLD = {
  from: { x: -30_000_000, y: -64, z: -30_000_000 },
  to: { x: 30_000_000, y: 319, z: 30_000_000 },
};
const LAYER = { from: { x: 0, y: 70, z: 0 }, to: { x: 100_000, y: 70, z: 100_000 } };

test.each([
  ['get_blocks_in_area', {}],
  ['render_area', {}],
  ['save_structure', { name: 'world' }],
])(
  '%s refuses a 60,000,000-wide box with the limit and a few ready parts, and the server answers another call meanwhile',
  async (tool, extra) => {
    const [big, other] = await Promise.all([
      call(tool, { ...WORLD, ...extra }),
      call('list_connections', {}),
    ]);
    expect(other.isError).toBeFalsy();
    expect(big.isError).toBe(true);
    const t = text(big);
    expect(t).toMatch(/more than 32,768 per call/);
    // the refusal does not grow with the box: a count, and a few parts ready to call
    expect(t.length).toBeLessThan(1_500);
    const parts = [...t.matchAll(/\{"from":\{[^}]*\},"to":\{[^}]*\}\}/g)].map(
      (m) => JSON.parse(m[0]) as typeof WORLD,
    );
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.length).toBeLessThanOrEqual(4);
    // each part is a ready call: within the limit, and the tool takes it without a size refusal
    for (const p of parts) {
      const v = (p.to.x - p.from.x + 1) * (p.to.y - p.from.y + 1) * (p.to.z - p.from.z + 1);
      expect(v).toBeLessThanOrEqual(32_768);
    }
    const first = await call(tool, { ...parts[0], ...extra });
    expect(text(first)).not.toMatch(/more than 32,768|invalid arguments/);
  },
);

test('a 100,001 × 1 × 100,001 layer is refused with a count of parts, not a list of them', async () => {
  const r = await call('get_blocks_in_area', LAYER);
  expect(r.isError).toBe(true);
  const t = text(r);
  expect(t.length).toBeLessThan(1_500);
  expect(t).toMatch(/10,000,200,001 blocks/);
});

/** width and height of a PNG from its header (IHDR), without decoding it */
const pngSize = (r: CallToolResult) => {
  const image = r.content.find((c) => c.type === 'image');
  if (image?.type !== 'image') throw new Error(`no image in ${text(r).slice(0, 300)}`);
  const png = Buffer.from(image.data, 'base64');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
};
const IMAGE_SIDE = 2_048;

test.each(['isometric', 'top'] as const)(
  'render_area at its largest (32 × 32 × 32 blocks, scale 64, legend, %s) answers with a picture of at most 2,048 px a side',
  async (view) => {
    const r = await call('render_area', {
      from: { x: 0, y: -64, z: 0 },
      to: { x: 31, y: -33, z: 31 },
      view,
      scale: 64,
    });
    expect(r.isError).toBeFalsy();
    const { width, height } = pngSize(r);
    expect(Math.max(width, height)).toBeLessThanOrEqual(IMAGE_SIDE);
    // the text says the size the picture has
    expect(text(r)).toContain(`${width}×${height} px`);
  },
);

test.each(['isometric', 'top'] as const)(
  'render_area of a box too long for a picture (2,040 × 1 × 1, %s) is refused with ready calls that render',
  async (view) => {
    const r = await call('render_area', {
      from: { x: -1_020, y: -60, z: 5 },
      to: { x: 1_019, y: -60, z: 5 },
      view,
    });
    expect(r.isError).toBe(true);
    const t = text(r);
    expect(t).toMatch(/more than 2048 px a side/);
    expect(t).toMatch(/split it along x into 2 parts and render each/);
    const parts = [...t.matchAll(/\{"from":\{[^}]*\},"to":\{[^}]*\}\}/g)].map(
      (m) => JSON.parse(m[0]) as typeof WORLD,
    );
    expect(parts).toHaveLength(2);
    // the two parts cover the box, and each renders as given
    expect(parts[0]!.from.x).toBe(-1_020);
    expect(parts[1]!.to.x).toBe(1_019);
    expect(parts[1]!.from.x).toBe(parts[0]!.to.x + 1);
    for (const p of parts) {
      const part = await call('render_area', { ...p, view });
      expect(part.isError, text(part)).toBeFalsy();
      expect(Math.max(pngSize(part).width, pngSize(part).height)).toBeLessThanOrEqual(IMAGE_SIDE);
    }
  },
);

const LONG = 'x'.repeat(200_000);
test.each([
  ['execute_commands', { commands: ['say hi'], target: LONG }],
  ['get_blocks_in_area', { from: { x: 0, y: 0, z: 0 }, to: { x: 0, y: 0, z: 0 }, target: LONG }],
  ['get_batch_results', { batchId: LONG }],
  ['execute_commands', { commands: [{ command: 'say hi', dependsOn: [LONG] }] }],
  ['place_structure', { name: LONG, origin: { x: 0, y: -60, z: 0 } }],
  ['compare_structure', { name: LONG, origin: { x: 0, y: -60, z: 0 } }],
  ['get_build_job', { id: LONG }],
])(
  '%s refuses a 200,000-character name without repeating it: the answer does not grow with it',
  async (tool, args) => {
    const r = await call(tool, args);
    expect(r.isError || JSON.stringify(r.structuredContent ?? {}).includes('rejected')).toBeTruthy();
    const t = text(r);
    expect(t.length, t.slice(0, 300)).toBeLessThan(2_000);
    expect(JSON.stringify(r).length).toBeLessThan(10_000);
  },
);

test('compare_structure of a plan of 1,048,576 blocks (the most a file may hold) counts them all, keeps one page, answers another call meanwhile and holds a batch until it has read', async () => {
  const info = await call('get_connection_info', {});
  const bot = (info.structuredContent as { bot: { block: { x: number; z: number } } }).bot.block;
  // 64 × 256 × 64 of stone around the bot (in its loaded chunks), as a saved structure
  const size = { x: 64, y: 256, z: 64 };
  writeFileSync(
    join(structuresDir, 'million.json'),
    JSON.stringify({
      format: 'mcbridge-structure',
      version: 1,
      name: 'million',
      savedAt: new Date().toISOString(),
      size,
      palette: ['minecraft:stone'],
      blocks: new Array(size.x * size.y * size.z).fill(0),
    }),
  );
  const compare = () =>
    call('compare_structure', {
      name: 'million',
      origin: { x: bot.x - 32, y: -64, z: bot.z - 32 },
      limit: 200,
    });
  // the world streams the chunks around the bot in batches: wait until the whole footprint has arrived
  let r = await compare();
  await expect
    .poll(async () => (/unloaded chunk/.test(text(r)) ? text((r = await compare())) : text(r)), {
      timeout: 60_000,
      message: "the bot's chunks around the structure's footprint",
    })
    .not.toMatch(/unloaded chunk/);
  expect(r.isError, text(r).slice(0, 300)).toBeFalsy();
  const out = r.structuredContent as {
    total: number;
    matched: number;
    differenceCount: number;
    differences: unknown[];
    nextOffset?: number;
  };
  expect(out.total).toBe(1_048_576);
  expect(out.matched + out.differenceCount).toBe(1_048_576);
  expect(out.differences.length).toBe(Math.min(200, out.differenceCount));
  // a page of differences is kept, not a million: serve stays far below what a million would hold
  expect(rssMb(servePid)).toBeLessThan(300);
  expect((await call('list_connections', {})).isError).toBeFalsy();

  // while it compares, the server answers other calls: a call sent at its first progress report is
  // answered before the compare is; a batch on the same connection waits for it, so the compare reads
  // one world, not the world before and after that batch. On a busy machine the client may send its call
  // only after the compare has ended: up to three rounds, of which one must see the call answered first
  // (a server that gives no way never does); in every round the batch waits for the compare.
  const orders: string[][] = [];
  for (let round = 0; round < 3 && !orders.some((o) => o[0] === 'list_connections'); round++)
    orders.push(await compareWithCallsMeanwhile(bot));
  for (const order of orders)
    expect(order.indexOf('execute_commands'), order.join(' → ')).toBeGreaterThan(
      order.indexOf('compare_structure'),
    );
  expect(orders.map((o) => o.join(' → '))).toContainEqual(
    'list_connections → compare_structure → execute_commands',
  );
});

/**
 * compare_structure of the million-block plan, with list_connections and a batch sent at its first progress
 * report: the order the three were answered in
 */
async function compareWithCallsMeanwhile(bot: { x: number; z: number }): Promise<string[]> {
  const order: string[] = [];
  let other: Promise<CallToolResult> | undefined;
  let batch: Promise<CallToolResult> | undefined;
  const compared = client
    .callTool(
      {
        name: 'compare_structure',
        arguments: { name: 'million', origin: { x: bot.x - 32, y: -64, z: bot.z - 32 } },
      },
      {
        ...ANSWERED,
        onprogress: () => {
          other ??= call('list_connections', {}).then((o) => {
            order.push('list_connections');
            return o;
          });
          batch ??= call('execute_commands', { commands: ['say during the compare'] }).then((o) => {
            order.push('execute_commands');
            return o;
          });
        },
      },
    )
    .then((c) => {
      order.push('compare_structure');
      return c as CallToolResult;
    });
  const done = await compared;
  expect(done.isError, text(done).slice(0, 300)).toBeFalsy();
  expect(other, 'a progress report during the compare').toBeDefined();
  expect((await other!).isError).toBeFalsy();
  expect((await batch!).isError).toBeFalsy();
  return order;
}

test('a step depending on more than 64 steps, and a job with more than 1,000 params, are refused by the schema with the argument and the limit', async () => {
  const { tools } = await client.listTools();
  const schemaOf = (name: string) => tools.find((t) => t.name === name)!.inputSchema;
  // the limits are stated where the model reads the arguments
  expect(JSON.stringify(schemaOf('execute_commands'))).toMatch(/"dependsOn":\{[^}]*"maxItems":64/);
  expect(schemaOf('start_build_job').properties!['params']).toMatchObject({ maxProperties: 1_000 });

  const steps = Array.from({ length: 65 }, (_, i) => ({ id: `s${i}`, command: 'say hi' }));
  const many = await call('execute_commands', {
    commands: [...steps, { command: 'say hi', dependsOn: steps.map((s) => s.id) }],
  });
  expect(many.isError).toBe(true);
  expect(text(many)).toMatch(
    /Input validation error: Invalid arguments for tool execute_commands: `commands\[65\]\.dependsOn` must have at most 64 items\./,
  );

  const params = Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [`p${i}`, i]));
  const job = await call('start_build_job', { name: 'params', commands: ['say {{p0}}'], params });
  expect(job.isError).toBe(true);
  expect(text(job)).toMatch(
    /Input validation error: Invalid arguments for tool start_build_job: `params` must have at most 1000 entries\./,
  );
  expect(text(job).length).toBeLessThan(1_000);
});

test('place_structure of a 1,048,576-position checkerboard is refused before a command is built past 50,000, and nothing is sent', async () => {
  const info = await call('get_connection_info', {});
  const bot = (info.structuredContent as { bot: { block: { x: number; z: number } } }).bot.block;
  // every block differs from the next along x: one setblock each, a million commands if built
  const size = { x: 64, y: 256, z: 64 };
  writeFileSync(
    join(structuresDir, 'checkers.json'),
    JSON.stringify({
      format: 'mcbridge-structure',
      version: 1,
      name: 'checkers',
      savedAt: new Date().toISOString(),
      size,
      palette: ['minecraft:stone', 'minecraft:dirt'],
      blocks: Array.from({ length: size.x * size.y * size.z }, (_, i) => i % 2),
    }),
  );
  const [r, other] = await Promise.all([
    call('place_structure', { name: 'checkers', origin: { x: bot.x - 32, y: -64, z: bot.z - 32 } }),
    call('list_connections', {}),
  ]);
  expect(other.isError).toBeFalsy();
  expect(r.isError).toBe(true);
  const t = text(r);
  expect(t).toMatch(/more than 50,000 commands .*nothing was sent/);
  expect(t.length).toBeLessThan(1_000);
  expect(JSON.stringify(r.structuredContent ?? {})).not.toMatch(/applied/);
});

test('list_structures lists at most 50 per call and pages on with offset, every structure once', async () => {
  const saved = Array.from({ length: 120 }, (_, i) => `many-${String(i).padStart(3, '0')}`);
  for (const name of saved)
    writeFileSync(
      join(structuresDir, `${name}.json`),
      JSON.stringify({
        format: 'mcbridge-structure',
        version: 1,
        name,
        savedAt: new Date().toISOString(),
        size: { x: 1, y: 1, z: 2 },
        palette: ['minecraft:stone', 'minecraft:air'],
        blocks: [0, 1],
      }),
    );
  const listed: string[] = [];
  let offset: number | undefined = 0;
  let calls = 0;
  while (offset !== undefined) {
    const r = await call('list_structures', offset === 0 ? {} : { offset });
    expect(r.isError, text(r).slice(0, 300)).toBeFalsy();
    const out = r.structuredContent as {
      structures: Array<{ name: string; blocks: number }>;
      files: Array<{ file: string }>;
      nextOffset?: number;
    };
    expect(out.structures.length + out.files.length).toBeLessThanOrEqual(50);
    for (const s of out.structures) if (s.name.startsWith('many-')) expect(s.blocks).toBe(1);
    listed.push(...out.structures.map((s) => s.name), ...out.files.map((f) => f.file));
    // the text says how to go on, as the structured answer does
    if (out.nextOffset !== undefined)
      expect(text(r)).toMatch(
        new RegExp(`and \\d+ more: call list_structures with offset: ${out.nextOffset}`),
      );
    else expect(text(r)).not.toMatch(/more: call list_structures/);
    offset = out.nextOffset;
    calls++;
  }
  expect(calls).toBeGreaterThanOrEqual(3);
  expect(new Set(listed).size).toBe(listed.length);
  expect(listed.filter((n) => n.startsWith('many-'))).toEqual(saved);
});
