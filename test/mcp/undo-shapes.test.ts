/**
 * Undo and transactions put back what a write changed beside it: on the embedded world a write updates its
 * neighbours' shapes as vanilla does (a torch goes with the block under it, a door's upper half with its
 * lower half, a pane's side follows the pane set beside it), so the snapshot keeps the cells those updates
 * reach and the restore writes them back. Through the SDK's real Client, a real bot and the embedded world.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { UndoRegistry } from '../../src/batch/undo.js';
import { mineflayerTarget } from '../../src/connection/factories.js';
import { Targets } from '../../src/connection/targets.js';
import { createServer } from '../../src/mcp/server.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { StructureStore } from '../../src/structures/store.js';
import { blockStateKey } from '../../src/vocabulary/blocks/block-state.js';
import { logger } from '../../src/vocabulary/logger.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';

const silent = logger.child({}, { level: 'silent' });
let world: WorldHandle;
let targets: Targets;
let client: Client;
let o: { x: number; y: number; z: number };
const at = (dx: number, dy: number, dz: number) => `${o.x + dx} ${o.y + dy} ${o.z + dz}`;

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args }, { timeout: 170_000 })) as CallToolResult;
const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

async function stateAt(dx: number, dy: number, dz: number): Promise<string | undefined> {
  const session = await targets.get().get();
  const b = session.channel.readBlock?.({ x: o.x + dx, y: o.y + dy, z: o.z + dz });
  return b === undefined || b === 'unloaded' ? b : blockStateKey(b);
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcbridge-undo-shapes-'));
  world = await startWorld({ ops: ['Undoer'], templates: new StructureStore(join(dir, 'structures')) });
  const target = mineflayerTarget({
    host: world.host,
    port: world.port,
    username: 'Undoer',
    version: world.version,
    spawnTimeoutMs: 120_000,
  });
  targets = new Targets([target]);
  const server = createServer({
    targets,
    log: silent,
    safety: defaultSafetyConfig,
    undo: new UndoRegistry(),
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  client = new Client({ name: 'undo-shapes-test', version: '0' });
  await client.connect(a);
  const p = (await target.get()).channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
});

afterAll(async () => {
  await client?.close();
  await targets?.closeAll();
  await world?.stop();
});

test('undo of a batch whose write dropped a torch and a door beside it puts them back', async () => {
  const setup = await call('execute_commands', {
    commands: [
      `setblock ${at(0, 0, 0)} minecraft:stone`,
      `setblock ${at(0, 1, 0)} minecraft:torch`,
      `setblock ${at(2, -1, 0)} minecraft:stone`,
      `setblock ${at(2, 0, 0)} minecraft:oak_door[half=lower,facing=east]`,
      `setblock ${at(2, 1, 0)} minecraft:oak_door[half=upper,facing=east]`,
    ],
  });
  expect(textOf(setup)).toMatch(/^5\/5 applied/);
  const torch = await stateAt(0, 1, 0);
  const upper = await stateAt(2, 1, 0);
  expect(torch).toBe('minecraft:torch');
  expect(upper).toMatch(/^minecraft:oak_door\[.*half=upper/);

  // the stone under the torch and the door's lower half go: the game drops the torch and the upper half
  const removed = await call('execute_commands', {
    commands: [`setblock ${at(0, 0, 0)} minecraft:air`, `setblock ${at(2, 0, 0)} minecraft:air`],
  });
  expect(textOf(removed)).toMatch(/undo: recorded/);
  await expect.poll(() => stateAt(0, 1, 0), { timeout: 10_000 }).toBe('minecraft:air');
  await expect.poll(() => stateAt(2, 1, 0), { timeout: 10_000 }).toBe('minecraft:air');

  const undo = await call('undo_last', {});
  expect(undo.isError, textOf(undo)).toBeFalsy();
  await expect.poll(() => stateAt(0, 0, 0), { timeout: 10_000 }).toBe('minecraft:stone');
  await expect.poll(() => stateAt(0, 1, 0), { timeout: 10_000 }).toBe(torch);
  await expect.poll(() => stateAt(2, 1, 0), { timeout: 10_000 }).toBe(upper);
  expect(await stateAt(2, 0, 0)).toMatch(/^minecraft:oak_door\[.*half=lower/);
});

test('a transaction rolled back puts back the pane side its write changed', async () => {
  await call('execute_commands', { commands: [`setblock ${at(0, 0, 4)} minecraft:glass_pane`] });
  const before = await stateAt(0, 0, 4);
  expect(before).toMatch(/east=false/);
  // the pane beside joins it (east=true), then the batch fails and is rolled back
  const rolled = await call('execute_commands', {
    transactional: true,
    commands: [
      `setblock ${at(1, 0, 4)} minecraft:glass_pane`,
      `setblock ${at(1, 0, 5)} minecraft:no_such_block`,
    ],
  });
  expect(textOf(rolled)).toMatch(/rolled back/i);
  await expect.poll(() => stateAt(1, 0, 4), { timeout: 10_000 }).toBe('minecraft:air');
  await expect.poll(() => stateAt(0, 0, 4), { timeout: 10_000 }).toBe(before);
});
