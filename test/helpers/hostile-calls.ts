/**
 * Hostile tool calls against `mcbridge serve --embedded` and the invariants they must keep, for the bounded
 * fuzz in the tests (test/mcp/fuzz-tools.test.ts) and the long run (scripts/fuzz-long.ts, `npm run fuzz`).
 *
 * Every tool's own input schema (as tools/list gives it) drives the arguments: valid values, values just
 * outside their bounds, wrong types, huge numbers and boxes, long and odd strings (control characters,
 * invisible characters, path traversal), dangerous commands, arguments that are not an object. The sequence
 * is drawn from one seed with fast-check, so a failure is replayed from the seed it prints.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import fc from 'fast-check';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = process.env['MCBRIDGE_FUZZ_CLI'] ?? `${root}dist/cli/main.js`;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  maxLength?: number;
  definitions?: Record<string, JsonSchema>;
  $defs?: Record<string, JsonSchema>;
};

/** where the bot stands, and the box around it the fuzz builds in */
export interface Anchor {
  x: number;
  y: number;
  z: number;
}

const DANGEROUS = [
  'op @a',
  'deop Fuzz',
  'stop',
  'reload',
  'ban Fuzz',
  'kick @a',
  'whitelist off',
  'save-all',
  'execute as @a run op @s',
  'execute run stop',
  'minecraft:stop',
  'STOP',
  'bukkit:op Fuzz',
  'transfer localhost 1',
  'debug start',
];

/** characters a model can send by mistake or a hostile client on purpose */
const ODD = [
  '\n',
  '\r',
  '\t',
  '\u0000',
  '\u007f',
  '\u0085',
  '§',
  '\uFEFF',
  '\u200B',
  '\u2028',
  '\uD800',
  '\u202E',
];

const PATHS = [
  '../outside/canary.nbt',
  '../../../../../../etc/passwd',
  '/etc/passwd',
  '%2e%2e/outside/canary.nbt',
  '..\\outside\\canary.nbt',
  'a\u0000b.nbt',
  'link/escape.nbt',
  'x.schem',
  'ok-name',
  '.',
  '',
  'CON',
];

const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...PATHS),
  fc.constantFrom(...ODD).map((c) => `name${c}`),
  fc.integer({ min: 1_000, max: 50_000 }).map((n) => 'x'.repeat(n)),
);

const hugeNumber = fc.constantFrom(
  30_000_000,
  -30_000_000,
  30_000_001,
  2 ** 31,
  -(2 ** 31),
  Number.MAX_SAFE_INTEGER,
  1e300,
  -0,
  0.5,
  -1,
);

/** commands: near the bot, far away, too big, dangerous, with odd characters, or junk */
export const commandArb = (a: Anchor): fc.Arbitrary<string> => {
  const near = fc.record({
    dx: fc.integer({ min: -6, max: 6 }),
    dy: fc.integer({ min: 0, max: 6 }),
    dz: fc.integer({ min: -6, max: 6 }),
  });
  const block = fc.constantFrom(
    'minecraft:stone',
    'oak_planks',
    'glass',
    'minecraft:air',
    'notablock',
    'oak_door',
  );
  const plain = fc.oneof(
    fc.tuple(near, block).map(([p, b]) => `setblock ${a.x + p.dx} ${a.y + p.dy} ${a.z + p.dz} ${b}`),
    fc
      .tuple(near, near, block)
      .map(
        ([p, q, b]) =>
          `fill ${a.x + p.dx} ${a.y + p.dy} ${a.z + p.dz} ${a.x + q.dx} ${a.y + q.dy} ${a.z + q.dz} ${b}`,
      ),
    fc.constant(`fill -30000000 -64 -30000000 30000000 319 30000000 stone`),
    fc.constant('setblock ~1 ~ ~1 minecraft:stone'),
    fc.constant('tp @s 30000000 100 30000000'),
    fc.constant(`tellraw @s {"text":"hi"}`),
    fc.constantFrom(...DANGEROUS),
    fc.string({ maxLength: 60 }),
  );
  return fc.oneof(
    { arbitrary: plain, weight: 6 },
    {
      arbitrary: fc
        .tuple(plain, fc.constantFrom(...ODD), fc.constantFrom('start', 'end', 'middle'))
        .map(([c, ch, at]) => (at === 'start' ? ch + c : at === 'end' ? c + ch : c.replace(' ', ` ${ch}`))),
      weight: 2,
    },
    { arbitrary: fc.integer({ min: 300, max: 40_000 }).map((n) => `say ${'a'.repeat(n)}`), weight: 1 },
  );
};

/** a value for a JSON Schema node: mostly valid, sometimes just outside, sometimes of the wrong kind */
export function valueArb(
  schema: JsonSchema,
  defs: Record<string, JsonSchema>,
  a: Anchor,
  depth = 0,
): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    hugeNumber,
    oddString,
    fc.constant([]),
    fc.constant({}),
  );
  if (depth > 6) return wrong;
  const valid = validArb(schema, defs, a, depth);
  // wrong kinds deep inside are rarer, so that most calls reach past the arguments into the tools
  return fc.oneof({ arbitrary: valid, weight: depth === 0 ? 8 : 30 }, { arbitrary: wrong, weight: 1 });
}

function validArb(
  schema: JsonSchema,
  defs: Record<string, JsonSchema>,
  a: Anchor,
  depth: number,
): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1)!;
    return validArb(defs[name] ?? {}, defs, a, depth + 1);
  }
  if (schema.allOf?.length) return validArb(schema.allOf[0]!, defs, a, depth + 1);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((o) => validArb(o, defs, a, depth + 1)));
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), hugeNumber);
  if (schema.enum)
    return fc.oneof(
      { arbitrary: fc.constantFrom(...schema.enum), weight: 5 },
      { arbitrary: oddString, weight: 1 },
    );
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = schema.properties ?? {};
      // a position: near the bot mostly, the world's edge sometimes
      if (props['x'] && props['y'] && props['z'] && Object.keys(props).length === 3) {
        const coord = (c: number, span: number) =>
          fc.oneof(
            { arbitrary: fc.integer({ min: c - span, max: c + span }), weight: 6 },
            { arbitrary: hugeNumber, weight: 1 },
          );
        return fc.record({ x: coord(a.x, 8), y: coord(a.y, 8), z: coord(a.z, 8) });
      }
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(props).map(([k, s]) => [k, valueArb(s, defs, a, depth + 1)] as const);
      const record = fc.record(Object.fromEntries(entries), {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      });
      return fc.oneof(
        { arbitrary: record, weight: 9 },
        {
          arbitrary: fc.tuple(record, oddString, fc.anything()).map(([r, k, v]) => ({ ...r, [k]: v })),
          weight: 1,
        },
      );
    }
    case 'array': {
      const item = schema.items?.$ref?.endsWith('BatchItem')
        ? fc.oneof(
            { arbitrary: commandArb(a), weight: 8 },
            {
              arbitrary: fc.record(
                {
                  id: fc.constantFrom('a', 'b', 'c', ''),
                  command: commandArb(a),
                  dependsOn: fc.array(fc.constantFrom('a', 'b', 'c', 'zz'), { maxLength: 3 }),
                  condition: fc.oneof(fc.constant({ ifSuccess: 'a' }), fc.constant({ ifFailed: 'b' })),
                },
                { requiredKeys: ['command'] },
              ),
              weight: 2,
            },
          )
        : schema.items
          ? validArb(schema.items, defs, a, depth + 1)
          : fc.anything();
      const most = Math.min(schema.maxItems ?? 20, 20);
      return fc.oneof(
        { arbitrary: fc.array(item, { minLength: schema.minItems ?? 0, maxLength: most }), weight: 9 },
        // past the limit, or empty where one is needed
        {
          arbitrary: fc.constant(Array.from({ length: (schema.maxItems ?? 1000) + 1 }, () => 'say x')),
          weight: 1,
        },
      );
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? 1000;
      return fc.oneof(
        { arbitrary: fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) }), weight: 6 },
        { arbitrary: fc.constantFrom(min - 1, max + 1), weight: 1 },
        { arbitrary: hugeNumber, weight: 1 },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'string':
      return fc.oneof(
        { arbitrary: fc.string({ maxLength: 20 }), weight: 3 },
        { arbitrary: oddString, weight: 2 },
      );
    default:
      return fc.anything();
  }
}

export interface HostileCall {
  tool: string;
  args: unknown;
}

/** a sequence of hostile calls over every tool, drawn from `seed` */
export function hostileCalls(tools: Tool[], a: Anchor, seed: number, count: number): HostileCall[] {
  const perTool = tools.map((t) => {
    const schema = t.inputSchema as JsonSchema;
    const defs = { ...schema.definitions, ...schema.$defs };
    return valueArb(schema, defs, a).map((args) => ({ tool: t.name, args }));
  });
  const notObject = fc
    .tuple(fc.constantFrom(...tools.map((t) => t.name)), fc.constantFrom(42, true, [], null, 'x'))
    .map(([tool, args]) => ({ tool, args }));
  const unknown = fc.constant({ tool: 'no_such_tool', args: {} });
  const arb = fc.oneof(
    { arbitrary: fc.oneof(...perTool), weight: 20 },
    { arbitrary: notObject, weight: 1 },
    { arbitrary: unknown, weight: 1 },
  );
  return fc.sample(arb, { seed, numRuns: count });
}

const REFUSED_CHARACTER = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u00a7]/u;
const DENIED_WORDS =
  /(^|\s|:|run\s+)(op|deop|stop|reload|ban|ban-ip|pardon|kick|whitelist|save-all|save-on|save-off|transfer|debug|perf|jfr)(\s|$)/i;

interface CommandResultLike {
  command: string;
  status: string;
  applied: boolean | null;
}

/**
 * What must hold for one answer: nothing refused or altered is reported applied. Returns the problems.
 */
export function checkAnswer(call: HostileCall, result: CallToolResult | undefined): string[] {
  const problems: string[] = [];
  if (!result || call.tool !== 'execute_commands') return problems;
  const batch = result.structuredContent as { results?: CommandResultLike[] } | undefined;
  const items = (call.args as { commands?: unknown[] } | undefined)?.commands;
  if (!batch?.results || !Array.isArray(items)) return problems;
  for (const [i, r] of batch.results.entries()) {
    const item = items[i];
    const written = typeof item === 'string' ? item : (item as { command?: unknown } | undefined)?.command;
    if (r.status.startsWith('rejected') && r.applied === true) problems.push(`#${i} ${r.status} but applied`);
    if (r.applied !== true || typeof written !== 'string') continue;
    if (REFUSED_CHARACTER.test(written))
      problems.push(`#${i} applied though it holds a refused character: ${JSON.stringify(written)}`);
    const asSent = written.replace(/^ +| +$/g, '').replace(/^\//, '');
    if (r.command !== asSent)
      problems.push(`#${i} applied as ${JSON.stringify(r.command)}, written ${JSON.stringify(written)}`);
    if (DENIED_WORDS.test(asSent)) problems.push(`#${i} a denied command applied: ${JSON.stringify(asSent)}`);
  }
  return problems;
}

export interface FuzzServer {
  client: Client;
  pid: number;
  /** the folders the server may write: structures, jobs */
  dataDir: string;
  /** a folder beside the data folders with a canary file; nothing may touch it */
  outsideDir: string;
  /** the server's working directory; nothing may appear in it */
  cwd: string;
  exited: () => boolean;
  close(): Promise<void>;
}

export async function startFuzzServer(): Promise<FuzzServer> {
  const base = mkdtempSync(join(tmpdir(), 'mcbridge-fuzz-'));
  const dataDir = join(base, 'data');
  const outsideDir = join(base, 'outside');
  const cwd = join(base, 'cwd');
  for (const d of [dataDir, join(dataDir, 'structures'), join(dataDir, 'jobs'), outsideDir, cwd])
    mkdirSync(d, { recursive: true });
  writeFileSync(join(outsideDir, 'canary.nbt'), 'canary');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'serve', '--embedded', '--username', 'Fuzz'],
    cwd,
    stderr: 'ignore',
    env: {
      ...process.env,
      MCBRIDGE_LOG_LEVEL: 'error',
      MCBRIDGE_JOBS_DIR: join(dataDir, 'jobs'),
      MCBRIDGE_STRUCTURES_DIR: join(dataDir, 'structures'),
    } as Record<string, string>,
  });
  let closed = false;
  const client = new Client({ name: 'fuzz', version: '0' });
  client.onclose = () => {
    closed = true;
  };
  await client.connect(transport);
  return {
    client,
    pid: transport.pid!,
    dataDir,
    outsideDir,
    cwd,
    exited: () => closed,
    close: () => client.close(),
  };
}

/** kB of resident memory of a process (Linux), or undefined */
export function rssMb(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** the child processes of `pid` (the embedded world runs in one) */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

export interface FuzzReport {
  seed: number;
  calls: number;
  answered: number;
  errorResults: number;
  protocolErrors: Record<string, number>;
  canaries: { ok: number; failed: number };
  problems: string[];
  rss: {
    serveStart?: number | undefined;
    serveMax?: number;
    worldStart?: number | undefined;
    worldMax?: number;
  };
  escapes: string[];
  exited: boolean;
  slowestMs: number;
}

const text = (r: CallToolResult): string =>
  r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

/**
 * Runs `count` hostile calls from `seed`, a canary every 100, and returns what held and what did not.
 * `boundMs` is how long a call may go unanswered before it counts as a hang (generous: "answered at all").
 */
export async function runFuzz(
  server: FuzzServer,
  seed: number,
  count: number,
  options: {
    boundMs: number;
    onProgress?: (done: number, report: FuzzReport) => void;
    /** after each answer: the call, how long it took and serve's resident memory then (to trace memory steps) */
    onCall?: (index: number, call: HostileCall, ms: number, serveMb: number | undefined) => void;
  },
): Promise<FuzzReport> {
  const { client } = server;
  const call = async (tool: string, args: unknown) =>
    (await client.request(
      { method: 'tools/call', params: { name: tool, arguments: args as Record<string, unknown> } },
      { timeout: options.boundMs },
    )) as CallToolResult;
  // the block the bot stands in: the fuzz builds around it
  const info = await call('get_connection_info', {});
  const block = (info.structuredContent as { bot?: { block?: Anchor } } | undefined)?.bot?.block;
  if (!block) throw new Error(`no bot position in get_connection_info: ${text(info).slice(0, 300)}`);
  const a: Anchor = { x: block.x, y: block.y, z: block.z };
  const tools = (await client.listTools()).tools;
  const calls = hostileCalls(tools, a, seed, count);
  const report: FuzzReport = {
    seed,
    calls: 0,
    answered: 0,
    errorResults: 0,
    protocolErrors: {},
    canaries: { ok: 0, failed: 0 },
    problems: [],
    rss: { serveStart: rssMb(server.pid) },
    escapes: [],
    exited: false,
    slowestMs: 0,
  };
  const world = childrenOf(server.pid)[0];
  if (world) report.rss.worldStart = rssMb(world);
  const canaryAt = { x: a.x, y: a.y + 12, z: a.z };
  const canary = async (n: number) => {
    const block = n % 2 === 0 ? 'minecraft:gold_block' : 'minecraft:diamond_block';
    const pos = `${canaryAt.x} ${canaryAt.y} ${canaryAt.z}`;
    try {
      await call('execute_commands', {
        commands: [`tp @s ${a.x} ${a.y} ${a.z}`, `setblock ${pos} ${block}`],
      });
      const r = await call('get_blocks_in_area', { from: canaryAt, to: canaryAt });
      const ok = JSON.stringify(r.structuredContent).includes(block);
      if (ok) report.canaries.ok++;
      else {
        report.canaries.failed++;
        report.problems.push(`canary ${n}: ${block} did not read back: ${text(r).slice(0, 200)}`);
      }
    } catch (e) {
      report.canaries.failed++;
      report.problems.push(`canary ${n}: ${String(e)}`);
    }
  };
  let wedged = false;
  for (const [i, c] of calls.entries()) {
    if (i % 100 === 0) await canary(i / 100);
    if (server.exited()) break;
    report.calls++;
    const started = performance.now();
    try {
      const r = await call(c.tool, c.args);
      report.answered++;
      if (r.isError) report.errorResults++;
      for (const p of checkAnswer(c, r)) report.problems.push(`call ${i} ${c.tool}: ${p}`);
    } catch (e) {
      const code = String((e as { code?: unknown }).code ?? 'none');
      report.protocolErrors[code] = (report.protocolErrors[code] ?? 0) + 1;
      // a JSON-RPC error is an answer, except a timeout (the client gave up) or a closed connection
      if (code === '-32001' || code === '-32000') {
        report.problems.push(
          `call ${i} ${c.tool} unanswered (${code}): ${JSON.stringify(c.args).slice(0, 300)}`,
        );
        // a server that left a call unanswered for the whole bound is wedged or gone: stop, so that a failing
        // run ends after one bound instead of one bound per remaining call
        wedged = true;
        break;
      } else {
        report.answered++;
        if (code === '-32603')
          report.problems.push(`call ${i} ${c.tool} internal error: ${String(e).slice(0, 300)}`);
      }
    }
    const ms = performance.now() - started;
    report.slowestMs = Math.max(report.slowestMs, ms);
    const rss = rssMb(server.pid);
    options.onCall?.(i, c, ms, rss);
    if (rss !== undefined) report.rss.serveMax = Math.max(report.rss.serveMax ?? 0, rss);
    if (world) {
      const w = rssMb(world);
      if (w !== undefined) report.rss.worldMax = Math.max(report.rss.worldMax ?? 0, w);
    }
    options.onProgress?.(i + 1, report);
  }
  if (!server.exited() && !wedged) await canary(Math.floor(count / 100) + 1);
  report.exited = server.exited();
  // nothing outside the data folders: the canary file as it was, nothing new beside it or in the cwd
  if (!existsSync(join(server.outsideDir, 'canary.nbt'))) report.escapes.push('outside/canary.nbt is gone');
  else if (readFileSync(join(server.outsideDir, 'canary.nbt'), 'utf8') !== 'canary')
    report.escapes.push('outside/canary.nbt was changed');
  const beside = readdirSync(server.outsideDir).filter((f) => f !== 'canary.nbt');
  if (beside.length) report.escapes.push(`written beside the data folders: ${beside.join(', ')}`);
  const inCwd = readdirSync(server.cwd);
  if (inCwd.length) report.escapes.push(`written in the working directory: ${inCwd.join(', ')}`);
  return report;
}
