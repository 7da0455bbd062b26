/**
 * A client nobody here wrote: the MCP Inspector CLI (@modelcontextprotocol/inspector-cli) lists the tools of
 * the built `mcbridge serve --embedded` and calls execute_commands.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist/cli/main.js');
const require = createRequire(import.meta.url);
const inspectorDir = join(
  dirname(require.resolve('@modelcontextprotocol/inspector-cli/package.json')),
  'build',
);

/** inspector-cli 1.0.3 looks for its package.json relative to the working directory: run it from its build dir */
const inspector = (...args: string[]) =>
  run(
    process.execPath,
    [join(inspectorDir, 'index.js'), process.execPath, cli, 'serve', '--embedded', ...args],
    {
      cwd: inspectorDir,
      timeout: 170_000,
      env: {
        ...process.env,
        MCBRIDGE_LOG_LEVEL: 'warn',
        MCBRIDGE_JOBS_DIR: mkdtempSync(join(tmpdir(), 'mcbridge-jobs-')),
      },
    },
  );

test('the Inspector lists the tools, with schemas', async () => {
  const { stdout } = await inspector('--method', 'tools/list');
  const { tools } = JSON.parse(stdout) as {
    tools: Array<{ name: string; inputSchema: unknown; outputSchema?: unknown }>;
  };
  const names = tools.map((t) => t.name);
  expect(names).toEqual(
    expect.arrayContaining(['execute_commands', 'get_connection_info', 'get_blocks_in_area', 'render_area']),
  );
  expect(tools.find((t) => t.name === 'execute_commands')?.outputSchema).toBeDefined();
}, 180_000);

test('the Inspector calls execute_commands and gets per-command results', async () => {
  const { stdout } = await inspector(
    '--method',
    'tools/call',
    '--tool-name',
    'execute_commands',
    '--tool-arg',
    'commands=["setblock ~1 ~ ~1 minecraft:stone", "setblock ~1 ~ ~1 minecraft:stone"]',
  );
  const result = JSON.parse(stdout) as {
    structuredContent: { results: Array<{ status: string; detail?: { noChange?: boolean } }> };
  };
  expect(result.structuredContent.results.map((r) => r.status)).toEqual(['applied', 'rejected_by_game']);
  expect(result.structuredContent.results[1]!.detail?.noChange).toBe(true);
}, 180_000);

test('the Inspector lists the resource templates, the prompts, and the resources (a connection)', async () => {
  const templates = JSON.parse((await inspector('--method', 'resources/templates/list')).stdout) as {
    resourceTemplates: Array<{ uriTemplate: string }>;
  };
  expect(templates.resourceTemplates.map((t) => t.uriTemplate)).toEqual(
    expect.arrayContaining([
      'mcbridge://structures/{name}',
      'mcbridge://jobs/{id}',
      'mcbridge://connections/{name}',
    ]),
  );
  const prompts = JSON.parse((await inspector('--method', 'prompts/list')).stdout) as {
    prompts: Array<{ name: string; arguments?: Array<{ name: string }> }>;
  };
  expect(prompts.prompts.map((p) => p.name).sort()).toEqual([
    'build_house',
    'build_room',
    'inspect_and_repair',
  ]);
  expect(prompts.prompts.find((p) => p.name === 'build_room')!.arguments!.map((a) => a.name)).toContain(
    'doorSide',
  );
  const resources = JSON.parse((await inspector('--method', 'resources/list')).stdout) as {
    resources: Array<{ uri: string }>;
  };
  expect(resources.resources.map((r) => r.uri)).toContain('mcbridge://connections/default');
}, 120_000);
