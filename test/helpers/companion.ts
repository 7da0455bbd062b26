/**
 * The real thing, wired for tests: an embedded world started here, the MCP server with a mineflayer
 * target pointed at it, and the SDK's real Client over an in-memory transport.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { mineflayerTarget } from '../../src/connection/factories.js';
import type { ConnectionTarget } from '../../src/connection/target.js';
import { Targets } from '../../src/connection/targets.js';
import { logger } from '../../src/vocabulary/logger.js';
import { createServer } from '../../src/mcp/server.js';
import type { BatchItem } from '../../src/batch/plan.js';
import type { BatchResult } from '../../src/results/schema.js';
import { StructureStore } from '../../src/structures/store.js';
import { defaultSafetyConfig, parseSafetyConfig, type SafetyConfig } from '../../src/safety/config.js';
import { type StartWorldOptions, startWorld, type WorldHandle } from '../../src/world/index.js';

/** commands the tests use to provoke vanilla's unknown-command replies, and flying-squid's own */
const TEST_COMMANDS = ['frobnicate', 'notacommand', 'ping'];

export interface TestCompanion {
  world: WorldHandle;
  client: Client;
  target: ConnectionTarget;
  targets: Targets;
  /** the saved structures of this companion (a fresh temp dir; structure files are read from it too) */
  structures: StructureStore;
  execute(commands: BatchItem[], extra?: Record<string, unknown>): Promise<BatchResult>;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function startCompanion(
  options: {
    username?: string;
    op?: boolean;
    world?: StartWorldOptions;
    existingWorld?: WorldHandle;
    safety?: SafetyConfig;
  } = {},
): Promise<TestCompanion> {
  const username = options.username ?? 'Builder';
  // saved structures go to a fresh temp dir, never the user's state dir; the world places them (place template)
  const structures = new StructureStore(mkdtempSync(join(tmpdir(), 'mcbridge-structures-')));
  const world =
    options.existingWorld ??
    (await startWorld({
      ops: options.op === false ? [] : [username],
      templates: structures,
      ...options.world,
    }));
  // a busy machine may take long to spawn a bot: the bound is generous, the wait ends at the spawn itself
  const target = mineflayerTarget({
    host: world.host,
    port: world.port,
    username,
    version: world.version,
    spawnTimeoutMs: 120_000,
  });
  const targets = new Targets([target]);
  // tests send unknown commands on purpose: allow them through the policy (the deny list still applies)
  const safety =
    options.safety ??
    parseSafetyConfig(
      // and big fills, so that the game's own commands.fill.toobig can be seen
      {
        allow: [...defaultSafetyConfig.allow, ...TEST_COMMANDS],
        maxFillVolume: 1_000_000,
        maxBatchVolume: 100_000_000,
      },
      'test config',
    );
  const server = createServer({
    targets,
    log: logger.child({ test: true }, { level: 'silent' }),
    safety,
    structures,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'mcbridge-tests', version: '0.0.0' });
  await client.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args }, { timeout: 120_000 })) as CallToolResult;
  return {
    world,
    client,
    target,
    targets,
    structures,
    call,
    async execute(commands, extra = {}) {
      const result = await call('execute_commands', { commands, ...extra });
      if (result.isError) throw new Error(`execute_commands failed: ${JSON.stringify(result.content)}`);
      return result.structuredContent as unknown as BatchResult;
    },
    async close() {
      await client.close();
      await targets.closeAll();
      if (!options.existingWorld) await world.stop();
    },
  };
}
