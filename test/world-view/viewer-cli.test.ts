/**
 * `--viewer-port` on the built CLI: `world` and `serve` print `viewer: URL` on a line of their own (serve on
 * stderr, since stdout is MCP), the page is served on loopback and shows a bot, and `get_connection_info`
 * hands the URL to the model.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/client';
import { expect, test } from 'vitest';
import type { ViewerStatus } from '../../src/viewer/server.js';

const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const VIEWER_LINE = /^viewer: (http:\/\/127\.0\.0\.1:\d+\/)$/m;

/** Resolves with the first match of `pattern` in everything `stream` has written so far. */
function waitForText(stream: Readable, pattern: RegExp, timeoutMs = 120_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => {
      stream.off('data', onData);
      reject(new Error(`no ${pattern} within ${timeoutMs} ms; got: ${text}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const m = pattern.exec(text);
      if (!m) return;
      clearTimeout(timer);
      stream.off('data', onData);
      resolve(m);
    };
    stream.on('data', onData);
  });
}

/** Reads `/status` (server-sent events) until a status says a bot is connected. */
async function waitForConnectedStatus(url: string): Promise<ViewerStatus> {
  const res = await fetch(`${url}status`, { signal: AbortSignal.timeout(120_000) });
  const reader = res.body!.getReader();
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`status stream ended: ${text}`);
      text += Buffer.from(value).toString();
      for (const m of text.matchAll(/^data: (.*)$/gm)) {
        const status = JSON.parse(m[1]!) as ViewerStatus;
        if (status.connected) return status;
      }
    }
  } finally {
    await reader.cancel();
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

test('world --viewer-port 0 prints the viewer address on its own line and serves the page', async () => {
  const child = spawn(process.execPath, [cli, 'world', '--viewer-port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const [, url] = await waitForText(child.stdout, VIEWER_LINE);
    const page = await fetch(url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('mcbridge viewer');
    const script = await fetch(`${url}index.js`);
    expect(await script.text()).toContain('window.__pv=');
    const status = await waitForConnectedStatus(url!);
    expect(status).toMatchObject({ server: '1.21.4', shown: '1.21.4', username: 'mcbridge_viewer' });
    expect((await fetch(`${url}..%2f..%2fpackage.json`)).status).toBe(404);
  } finally {
    await stop(child);
  }
}, 180_000);

test('serve --viewer-port 0 prints the address on stderr and get_connection_info gives it', async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'serve', '--embedded', '--username', 'Shown', '--viewer-port', '0'],
    stderr: 'pipe',
    env: {
      ...process.env,
      MCBRIDGE_LOG_LEVEL: 'warn',
      MCBRIDGE_JOBS_DIR: mkdtempSync(join(tmpdir(), 'mcbridge-jobs-')),
    } as Record<string, string>,
  });
  const line = waitForText(transport.stderr as Readable, VIEWER_LINE);
  const client = new Client({ name: 'viewer-cli', version: '0' });
  await client.connect(transport);
  try {
    const [, url] = await line;
    const info = await client.callTool(
      { name: 'get_connection_info', arguments: {} },
      {
        timeout: 120_000,
      },
    );
    expect((info.structuredContent as { viewerUrl?: string }).viewerUrl).toBe(url);
    expect(JSON.stringify(info.content)).toContain(url);
    const status = await waitForConnectedStatus(url!);
    expect(status).toMatchObject({ connected: true, username: 'Shown' });
  } finally {
    await client.close();
  }
}, 180_000);

test('a non-loopback viewer host is refused unless allowed', async () => {
  const child = spawn(process.execPath, [cli, 'world', '--viewer-port', '0', '--viewer-host', '0.0.0.0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const [message] = await waitForText(child.stderr, /refusing to serve the viewer on 0\.0\.0\.0.*/);
    expect(message).toContain('--viewer-allow-remote');
    const code = await new Promise((r) =>
      child.exitCode !== null ? r(child.exitCode) : child.once('exit', r),
    );
    expect(code).toBe(1);
  } finally {
    await stop(child);
  }
}, 180_000);
