/**
 * Browser clients on this machine reach `serve --http` (the token still required); other origins only when
 * the operator allows them; the Host check (DNS rebinding) stays. Real HTTP server, real fetch.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Targets } from '../../src/connection/targets.js';
import { logger } from '../../src/vocabulary/logger.js';
import { type HttpHandle, startHttpServer } from '../../src/mcp/http.js';
import { isLoopbackOrigin } from '../../src/mcp/http-origins.js';
import { createServer } from '../../src/mcp/server.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';

const silent = logger.child({}, { level: 'silent' });
const token = 'origin-test-token-0123456789abcdef';

test.each([
  ['http://localhost:6274', true],
  ['http://127.0.0.1:8787', true],
  ['http://[::1]:3000', true],
  ['http://localhost', true],
  ['https://localhost:5173', true],
  ['http://localhost.evil.example', false],
  ['http://127.0.0.1.nip.io:80', false],
  ['http://evil.example', false],
  ['null', false],
  ['file://', false],
])('%s is a page on this machine: %s', (origin, expected) => {
  expect(isLoopbackOrigin(origin)).toBe(expected);
});

describe('HTTP origins', () => {
  let http: HttpHandle;
  beforeAll(async () => {
    http = await startHttpServer({
      port: 0,
      token,
      allowedOrigins: ['https://builder.example'],
      makeServer: () => createServer({ targets: new Targets([]), log: silent, safety: defaultSafetyConfig }),
      log: silent,
    });
  });
  afterAll(async () => {
    await http?.close();
  });

  const initialize = (headers: Record<string, string>) =>
    fetch(http.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'browser', version: '0' },
        },
      }),
    });

  test.each(['http://localhost:6274', `http://127.0.0.1:${8787}`, 'http://[::1]:5173'])(
    'a page at %s initializes with the token and can read the session id',
    async (origin) => {
      const res = await initialize({ authorization: `Bearer ${token}`, origin });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-expose-headers')).toContain('mcp-session-id');
      expect(res.headers.get('mcp-session-id')).toBeTruthy();
    },
  );

  test('a loopback page without the token is still refused', async () => {
    expect((await initialize({ origin: 'http://localhost:6274' })).status).toBe(401);
  });

  test('the preflight of a loopback page is answered without a token', async () => {
    const res = await fetch(http.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:6274',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, mcp-session-id',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    // a 2026-07-28 client names its method (and tool) in headers the server requires: a page may send them
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['mcp-method', 'mcp-name', 'mcp-protocol-version']));
  });

  test('another origin: 403 with the way to allow it, unless the operator listed it', async () => {
    const refused = await initialize({ authorization: `Bearer ${token}`, origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('--http-allow-origin https://evil.example');
    const listed = await initialize({ authorization: `Bearer ${token}`, origin: 'https://builder.example' });
    expect(listed.status).toBe(200);
  });

  test('a foreign Host header is refused whatever the origin (DNS rebinding)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        http.url,
        {
          method: 'POST',
          headers: {
            host: 'rebind.example:8787',
            origin: 'http://localhost:6274',
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(403);
  });
});
