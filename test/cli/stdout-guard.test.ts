/**
 * stdout belongs to MCP under `serve` (stdio), whatever a dependency does: the built CLI is started with a
 * preloaded module that prints to stdout like prismarine-auth, mineflayer and minecraft-protocol do (through
 * `console.*`, through a `console.log` captured before mcbridge loaded, and through `process.stdout.write`),
 * during connect and during a batch. Every byte on stdout must be JSON-RPC, every result must arrive, and the
 * noise must have been printed (on stderr) — otherwise this test proves nothing.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { Client } from '@modelcontextprotocol/client';
import type { Transport, CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/client';
import { expect, test } from 'vitest';
import type { BatchResult } from '../../src/results/schema.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist/cli/main.js');
const noisy = pathToFileURL(join(root, 'test/fixtures/noisy-dependency.mjs')).href;

/** A stdio client transport that keeps every stdout line, so the test can judge each one. */
class RecordingStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  readonly stdoutLines: string[] = [];
  stderr = '';
  private readonly child = spawn(
    process.execPath,
    ['--import', noisy, cli, 'serve', '--embedded', '--username', 'Quiet'],
    {
      env: {
        ...process.env,
        MCBRIDGE_LOG_LEVEL: 'warn',
        MCBRIDGE_JOBS_DIR: mkdtempSync(join(tmpdir(), 'mcbridge-jobs-')),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  private buffer = '';

  async start(): Promise<void> {
    this.child.stderr.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.child.stdout.on('data', (d: Buffer) => {
      this.buffer += d.toString();
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        this.stdoutLines.push(line);
        try {
          this.onmessage?.(JSONRPCMessageSchema.parse(JSON.parse(line)));
        } catch {
          // not JSON-RPC: recorded, and the test fails on it
        }
      }
    });
    this.child.on('close', () => this.onclose?.());
  }
  async send(message: JSONRPCMessage): Promise<void> {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }
  async close(): Promise<void> {
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.stdin.end();
    this.child.kill('SIGTERM');
    await exited;
  }
}

test('no dependency line reaches stdout under serve: only JSON-RPC, every result arrives', async () => {
  expect(existsSync(cli)).toBe(true);
  const transport = new RecordingStdioTransport();
  const client = new Client({ name: 'stdout-guard', version: '0' });
  await client.connect(transport);
  try {
    const commands = Array.from(
      { length: 200 },
      (_, i) => `setblock ~${2 + (i % 10)} ~${Math.floor(i / 10)} ~3 minecraft:stone`,
    );
    const result = (await client.callTool(
      { name: 'execute_commands', arguments: { commands } },
      {
        timeout: 60_000,
      },
    )) as CallToolResult;
    const batch = result.structuredContent as unknown as BatchResult;
    expect(batch.results).toHaveLength(200);
    expect(batch.results.every((r) => r.status === 'applied')).toBe(true);
    const info = (await client.callTool({ name: 'get_connection_info', arguments: {} })) as CallToolResult;
    expect(info.isError).toBeFalsy();
  } finally {
    await client.close();
  }
  const notJsonRpc = transport.stdoutLines.filter(
    (line) => !JSONRPCMessageSchema.safeParse(safeJson(line)).success,
  );
  expect(notJsonRpc).toEqual([]);
  // the noise really happened, during connect and during the batch, and went to stderr
  expect(transport.stderr).toContain('[msa] First time signing in');
  expect(transport.stderr).toContain('raw stdout write during connect');
  expect(transport.stderr).toContain('early-captured console.log while commands run');
  expect(transport.stderr).toContain('raw stdout write while commands run');
}, 180_000);

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
