/** An HTTP request body over the limit is refused with 413 and the limit, declared or streamed. Real HTTP server, real fetch. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Targets } from '../../src/connection/targets.js';
import { type HttpHandle, startHttpServer } from '../../src/mcp/http.js';
import { createServer } from '../../src/mcp/server.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { logger } from '../../src/vocabulary/logger.js';

const silent = logger.child({}, { level: 'silent' });
const token = 'body-limit-token-0123456789abcdef';
let http: HttpHandle;

beforeAll(async () => {
  http = await startHttpServer({
    port: 0,
    token,
    makeServer: () => createServer({ targets: new Targets([]), log: silent, safety: defaultSafetyConfig }),
    log: silent,
  });
});
afterAll(async () => {
  await http?.close();
});

const headers = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  authorization: `Bearer ${token}`,
};
const big = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"${'x'.repeat(9 * 1024 * 1024)}"}}`;

test('a body declared longer than 8 MiB is refused with 413 and the limit', async () => {
  const res = await fetch(http.url, { method: 'POST', headers, body: big });
  expect(res.status).toBe(413);
  expect(await res.json()).toEqual({ error: 'request body too large: at most 8 MiB per request' });
});

test('a streamed body that passes 8 MiB is refused the same way', async () => {
  const bytes = new TextEncoder().encode(big);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 1 << 20) controller.enqueue(bytes.subarray(i, i + (1 << 20)));
      controller.close();
    },
  });
  const res = await fetch(http.url, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
  expect(res.status).toBe(413);
  expect(await res.json()).toEqual({ error: 'request body too large: at most 8 MiB per request' });
});
