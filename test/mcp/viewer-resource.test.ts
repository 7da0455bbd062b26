/**
 * With the live viewer running (`--viewer-port`), the server offers its address as `mcbridge://viewer` and in
 * the followed connection's resource; without one, there is no such resource. The viewer itself is tested in
 * test/world-view/viewer*.test.ts; here only what the MCP server says about it.
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { expect, test } from 'vitest';
import { mineflayerTarget } from '../../src/connection/factories.js';
import { Targets } from '../../src/connection/targets.js';
import { logger } from '../../src/vocabulary/logger.js';
import { createServer } from '../../src/mcp/server.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';

async function clientFor(viewer?: { url: string; connection: string }) {
  // a connection that is never used: reading resources does not connect
  const targets = new Targets([
    mineflayerTarget({ name: 'home', host: '127.0.0.1', port: 1, username: 'Nobody' }),
  ]);
  const server = createServer({
    targets,
    log: logger.child({}, { level: 'silent' }),
    safety: defaultSafetyConfig,
    ...(viewer ? { viewer } : {}),
  });
  const client = new Client({ name: 'viewer-resource', version: '0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  await client.connect(a);
  return client;
}

test('the viewer address is a resource and part of the connection it follows', async () => {
  const client = await clientFor({ url: 'http://127.0.0.1:8790/', connection: 'home' });
  const { resources } = await client.listResources();
  expect(resources.find((r) => r.uri === 'mcbridge://viewer')?.description).toContain(
    'http://127.0.0.1:8790/',
  );
  const viewer = await client.readResource({ uri: 'mcbridge://viewer' });
  expect(JSON.parse((viewer.contents[0] as { text: string }).text)).toEqual({
    url: 'http://127.0.0.1:8790/',
    connection: 'home',
  });
  const home = await client.readResource({ uri: 'mcbridge://connections/home' });
  expect(JSON.parse((home.contents[0] as { text: string }).text)).toMatchObject({
    viewerUrl: 'http://127.0.0.1:8790/',
    state: 'idle',
  });
  await client.close();
});

test('without a viewer there is no viewer resource', async () => {
  const client = await clientFor();
  const { resources } = await client.listResources();
  expect(resources.map((r) => r.uri)).not.toContain('mcbridge://viewer');
  await client.close();
});
