/**
 * What the command line loads before any command runs — all that `mcbridge serve` holds at rest beside a
 * chat client — leaves out what only some conversations use: the live viewer's server (socket.io and
 * prismarine-viewer's world view, loaded with `--viewer-port`), the View's mesher (prismarine-viewer's
 * models.js, which loads minecraft-data for 1.16.2; loaded on the first View), Microsoft sign-in
 * (connection/deferred-sign-in.ts), the MCP client package (a second copy of the protocol's schemas, which
 * only `mcbridge demo` uses) and MCP over HTTP (`serve --http`; an ES import of node:http loads Node's own
 * fetch, undici, on Node 24). Each is then loaded when used.
 */
import { expect, test } from 'vitest';
import { inFreshProcess } from '../helpers/fresh-process.js';

const LEFT_OUT = {
  viewerServer: 'node_modules/socket.io/',
  mesher: 'prismarine-viewer/viewer/lib/models.js',
  oldBlockData: 'minecraft-data/minecraft-data/data/pc/1.16.2/',
  signIn: 'node_modules/@azure/msal-node/',
};

const counts = `Object.fromEntries(Object.entries(${JSON.stringify(LEFT_OUT)}).map(([name, part]) => [name, loaded(part)]))`;

/** ES modules are not in the module cache: the fresh process counts what it resolved */
const MCP_CLIENT = '/node_modules/@modelcontextprotocol/client/';

test('the command line loads neither the viewer server, the mesher, old block data, sign-in, the MCP client nor MCP over HTTP at start', async () => {
  const out = await inFreshProcess(`const { buildProgram } = await import('./src/cli/program.ts');
const program = buildProgram();
report({
  commands: program.commands.length,
  mcpServer: await importedEsm('/node_modules/@modelcontextprotocol/server/'),
  mcpClient: await importedEsm(${JSON.stringify(MCP_CLIENT)}),
  mcpHttp: await importedEsm('/src/mcp/http.ts'),
  nodeFetch: process.moduleLoadList.some((m) => m.includes('undici')),
  ...${counts},
});`);
  expect(out['commands']).toBeGreaterThan(3);
  // serve's own MCP package is there: the count sees ES modules
  expect(out['mcpServer']).toBeGreaterThan(0);
  expect(out).toMatchObject({
    viewerServer: 0,
    mesher: 0,
    oldBlockData: 0,
    signIn: 0,
    mcpClient: 0,
    mcpHttp: 0,
    nodeFetch: false,
  });
});

test("the MCP client loads with the demo's run", async () => {
  const out = await inFreshProcess(`await import('./src/cli/program.ts');
const before = await importedEsm(${JSON.stringify(MCP_CLIENT)});
await import('./src/cli/demo-run.ts');
report({ before, after: await importedEsm(${JSON.stringify(MCP_CLIENT)}) });`);
  expect(out['before']).toBe(0);
  expect(out['after']).toBeGreaterThan(0);
});

test('each is loaded when used: the viewer server, and the mesher on the first View', async () => {
  const out = await inFreshProcess(`await import('./src/cli/program.ts');
await import('./src/viewer/server.ts');
const { meshRegion } = await import('./src/mcp/apps/region-mesh.ts');
const beforeMesh = loaded(${JSON.stringify(LEFT_OUT.mesher)});
const stone = { name: 'minecraft:stone', properties: {} };
const air = { name: 'minecraft:air', properties: {} };
const mesh = meshRegion({ readBlock: (p) => (p.x === 0 && p.y === 0 && p.z === 0 ? stone : air) }, { x: 0, y: 0, z: 0 }, { x: 1, y: 0, z: 0 });
report({ beforeMesh, faces: mesh.sections.reduce((n, s) => n + s.faces, 0), ...${counts} });`);
  expect(out).toMatchObject({ beforeMesh: 0, faces: 6 });
  expect(out['viewerServer']).toBeGreaterThan(0);
  expect(out['mesher']).toBeGreaterThan(0);
});
