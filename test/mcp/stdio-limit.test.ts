/**
 * A stdio message past the limit: answered with an error that names the limit, and the server goes on
 * (the SDK's own buffer closed the transport past 10 MiB, which ended `mcbridge serve`). The real built CLI
 * through the SDK's real client; the transport's line reading alone over in-memory streams.
 */
import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LineStdioServerTransport, MAX_STDIO_MESSAGE_BYTES } from '../../src/mcp/stdio-transport.js';
import { type FuzzServer, startFuzzServer } from '../helpers/hostile-calls.js';

let server: FuzzServer;
beforeAll(async () => {
  server = await startFuzzServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

test('a call of 11 MiB is refused with the limit, and the next call is answered', async () => {
  const huge = `say ${'a'.repeat(11 * 1024 * 1024)}`;
  const refused = server.client.callTool({ name: 'execute_commands', arguments: { commands: [huge] } });
  await expect(refused).rejects.toMatchObject({ code: -32600 });
  await expect(refused).rejects.toThrow(/message too large: \d+ bytes, at most 8 MiB per message on stdio/);
  const next = await server.client.callTool({ name: 'list_connections', arguments: {} });
  expect(next.isError).toBeFalsy();
  expect(server.exited()).toBe(false);
}, 120_000);

const transportOn = (max = 64) => {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const transport = new LineStdioServerTransport(stdin, stdout, max);
  const messages: JSONRPCMessage[] = [];
  const errors: Error[] = [];
  const written: string[] = [];
  transport.onmessage = (m) => messages.push(m);
  transport.onerror = (e) => errors.push(e);
  stdout.on('data', (d: Buffer) => written.push(d.toString('utf8')));
  return { stdin, transport, messages, errors, written };
};

test('lines arriving in pieces are read whole; a long line is dropped, answered by its id, and reading goes on', async () => {
  const t = transportOn(64);
  await t.transport.start();
  const ping = JSON.stringify({ method: 'ping', jsonrpc: '2.0', id: 1 });
  t.stdin.write(ping.slice(0, 10));
  t.stdin.write(`${ping.slice(10)}\n`);
  const long = JSON.stringify({
    method: 'tools/call',
    params: { x: 'y'.repeat(200) },
    jsonrpc: '2.0',
    id: 'r2',
  });
  t.stdin.write(long.slice(0, 100));
  t.stdin.write(`${long.slice(100)}\n${ping.replace('1', '3')}\n`);
  // a notification past the limit has no id: reported, not answered
  t.stdin.write(
    `${JSON.stringify({ method: 'notifications/x', params: { x: 'y'.repeat(200) }, jsonrpc: '2.0' })}\n`,
  );
  await new Promise((r) => setImmediate(r));
  expect(t.messages).toEqual([JSON.parse(ping), JSON.parse(ping.replace('1', '3'))]);
  expect(t.written.map((w) => JSON.parse(w) as unknown)).toEqual([
    {
      jsonrpc: '2.0',
      id: 'r2',
      error: {
        code: -32600,
        message: expect.stringContaining(`message too large: ${long.length} bytes`) as string,
      },
    },
  ]);
  expect(t.errors.map((e) => e.message)).toEqual([
    expect.stringMatching(/no request id found; not answered/),
  ]);
  await t.transport.close();
});

test('the limit is that of an HTTP body', () => {
  expect(MAX_STDIO_MESSAGE_BYTES).toBe(8 * 1024 * 1024);
});
