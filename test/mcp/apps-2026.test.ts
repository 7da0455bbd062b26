/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension) for a 2026-07-28 host: through the SDK v2 Client
 * pinned to 2026-07-28 over HTTP (stateless, a server per request, its capabilities in each request's
 * `_meta`), against the embedded world. The host declares the extension; the server advertises it in
 * `server/discover`, links the tools to the `ui://` View, serves the View as `text/html;profile=mcp-app`, and
 * answers the View's own tool call with the meshes of blocks the same client built. A 2025-11-25 client on
 * the same endpoint sees the same extension in its `initialize` answer (the Chromium tests in
 * apps-view.test.ts drive the View itself).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mineflayerTarget } from '../../src/connection/factories.js';
import { Targets } from '../../src/connection/targets.js';
import { type HttpHandle, startHttpServer } from '../../src/mcp/http.js';
import { createServer } from '../../src/mcp/server.js';
import { McbridgeTaskStore } from '../../src/mcp/task-store.js';
import { UndoRegistry } from '../../src/batch/undo.js';
import { ResultPages } from '../../src/results/pages.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { StructureStore } from '../../src/structures/store.js';
import { logger } from '../../src/vocabulary/logger.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';

const VIEW_URI = 'ui://mcbridge/build-view';
const MCP_APP_MIME = 'text/html;profile=mcp-app';
const UI_EXTENSION = 'io.modelcontextprotocol/ui';
const token = 'apps-2026-test-token-0123456789';
const silent = logger.child({}, { level: 'silent' });

let world: WorldHandle;
let targets: Targets;
let http: HttpHandle;
const clients: Client[] = [];

/** a host that renders MCP Apps, as ext-apps' hosts declare it */
const appsHost = async (pin?: '2026-07-28'): Promise<Client> => {
  const client = new Client(
    { name: 'apps-host', version: '0' },
    {
      capabilities: { extensions: { [UI_EXTENSION]: { mimeTypes: [MCP_APP_MIME] } } },
      ...(pin ? { versionNegotiation: { mode: { pin } } } : {}),
    },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(http.url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
};

beforeAll(async () => {
  world = await startWorld({ ops: ['AppHost26'] });
  const target = mineflayerTarget({
    host: world.host,
    port: world.port,
    username: 'AppHost26',
    version: world.version,
    spawnTimeoutMs: 120_000,
  });
  targets = new Targets([target]);
  const undo = new UndoRegistry();
  const tasks = new McbridgeTaskStore();
  const pages = new ResultPages();
  const structures = new StructureStore(mkdtempSync(join(tmpdir(), 'mcbridge-apps26-')));
  http = await startHttpServer({
    port: 0,
    token,
    makeServer: () =>
      createServer({ targets, log: silent, safety: defaultSafetyConfig, undo, structures, tasks, pages }),
    log: silent,
  });
}, 240_000);

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await http?.close();
  await targets?.closeAll();
  await world?.stop();
});

test('a 2026-07-28 host learns from server/discover that the server speaks MCP Apps', async () => {
  const client = await appsHost('2026-07-28');
  expect(client.getProtocolEra()).toBe('modern');
  expect(client.getServerCapabilities()?.extensions).toHaveProperty([UI_EXTENSION]);
});

test('for a 2026-07-28 host, the tools link the View and the View reads as an MCP App page', async () => {
  const client = await appsHost('2026-07-28');
  const { tools } = await client.listTools();
  const meta = (name: string) => tools.find((t) => t.name === name)?._meta;
  for (const name of ['render_area', 'execute_commands'])
    expect(meta(name)).toMatchObject({ ui: { resourceUri: VIEW_URI } });
  expect(meta('view_region_mesh')).toMatchObject({ ui: { resourceUri: VIEW_URI, visibility: ['app'] } });

  const { resources } = await client.listResources();
  expect(resources.find((r) => r.uri === VIEW_URI)).toMatchObject({ mimeType: MCP_APP_MIME });
  const { contents } = await client.readResource({ uri: VIEW_URI });
  expect(contents).toHaveLength(1);
  const view = contents[0] as { uri: string; mimeType?: string; text?: string; _meta?: unknown };
  expect(view).toMatchObject({
    uri: VIEW_URI,
    mimeType: MCP_APP_MIME,
    _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } },
  });
  expect(view.text).toMatch(/^<!DOCTYPE html>/i);
});

test('a 2026-07-28 host builds, then the View’s call for that box draws what was built', async () => {
  const client = await appsHost('2026-07-28');
  const built = (await client.callTool(
    { name: 'execute_commands', arguments: { commands: ['setblock ~2 ~ ~2 minecraft:gold_block'] } },
    { timeout: 180_000 },
  )) as CallToolResult;
  expect(built.isError).toBeFalsy();
  const result = (built.structuredContent as { results: Array<{ status: string; applied: boolean }> })
    .results[0];
  expect(result).toMatchObject({ status: 'applied', applied: true });

  // what a host forwards when the View (an app-only tool's caller) asks for the meshes of that write
  const meshed = (await client.callTool(
    { name: 'view_region_mesh', arguments: { commands: ['setblock ~2 ~ ~2 minecraft:gold_block'] } },
    { timeout: 180_000 },
  )) as CallToolResult;
  expect(meshed.isError).toBeFalsy();
  const mesh = meshed.structuredContent as { solid: number; sections: Array<{ faces: number }> };
  expect(mesh.solid).toBeGreaterThan(0);
  expect(mesh.sections.reduce((n, s) => n + s.faces, 0)).toBeGreaterThan(0);
  expect(JSON.stringify(meshed.content)).toMatch(/meshes of .* blocks, \d+ faces/);
});

test('a 2025-11-25 host on the same endpoint is told of MCP Apps in its initialize answer', async () => {
  const client = await appsHost();
  expect(client.getProtocolEra()).toBe('legacy');
  expect(client.getServerCapabilities()?.extensions).toHaveProperty([UI_EXTENSION]);
  const { tools } = await client.listTools();
  expect(tools.find((t) => t.name === 'render_area')?._meta).toMatchObject({
    ui: { resourceUri: VIEW_URI },
  });
});
