/**
 * Building on a Paper-like server (the embedded world announcing brand `Paper` and kicking like Paper's
 * packet limiter): paced builds are never kicked, unpaced ones are and say why, the brand picks the default
 * limit, and the config file's limit wins over the brand. Everything through the real MCP client.
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { CompanionConfigSchema } from '../../src/config/schema.js';
import { targetsFromConfig } from '../../src/config/targets-from-config.js';
import { mineflayerTarget } from '../../src/connection/factories.js';
import type { PacketLimitSetting } from '../../src/connection/server-limits.js';
import { Targets } from '../../src/connection/targets.js';
import { logger } from '../../src/vocabulary/logger.js';
import { createServer } from '../../src/mcp/server.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import type { BatchResult } from '../../src/results/schema.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { until } from '../helpers/wait.js';

const log = logger.child({ test: true }, { level: 'silent' });

interface Companion {
  targets: Targets;
  call(
    name: string,
    args: Record<string, unknown>,
    onNote?: (message: string) => void,
  ): Promise<CallToolResult>;
  close(): Promise<void>;
}

async function companion(targets: Targets): Promise<Companion> {
  const server = createServer({ targets, log, safety: defaultSafetyConfig });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'paper-tests', version: '0' });
  await client.connect(clientSide);
  return {
    targets,
    call: async (name, args, onNote) =>
      (await client.callTool(
        { name, arguments: args },
        {
          timeout: 300_000,
          ...(onNote ? { onprogress: (p) => onNote(p.message ?? '') } : {}),
        },
      )) as CallToolResult,
    async close() {
      await client.close();
      await targets.closeAll();
    },
  };
}

const botTarget = (world: WorldHandle, username: string, packetLimit?: PacketLimitSetting) =>
  new Targets([
    mineflayerTarget({
      host: world.host,
      port: world.port,
      username,
      version: world.version,
      ...(packetLimit ? { packetLimit } : {}),
    }),
  ]);

/** 4,000 setblocks, each on its own block of a 20×10×20 box beside the bot (x from dx on). */
const build = (dx: number, block: string) =>
  Array.from({ length: 4000 }, (_, i) => {
    const x = dx + (i % 20);
    const z = 2 + (Math.floor(i / 20) % 20);
    const y = 1 + Math.floor(i / 400);
    return `setblock ~${x} ~${y} ~${z} minecraft:${block}`;
  });

describe('on a Paper-like server', () => {
  let world: WorldHandle;
  // kicks as the world's limiter logs them (players leaving on their own are not kicks)
  const worldLog: string[] = [];
  const kicks = () => worldLog.filter((l) => l.includes('paper-like: kicked')).length;
  beforeAll(async () => {
    world = await startWorld({
      ops: ['Paced', 'Unpaced', 'Configured'],
      paperLike: true,
      log: (line) => worldLog.push(line),
    });
  });
  afterAll(async () => {
    await world?.stop();
  });

  test('the brand decides the limit: Paper announces itself and gets 500 packets/s over 7 s', async () => {
    const c = await companion(botTarget(world, 'Paced'));
    try {
      const info = await c.call('get_connection_info', {});
      expect(info.structuredContent).toMatchObject({
        serverBrand: 'Paper',
        packetLimit: { rate: 500, seconds: 7 },
        packetLimitSource: 'brand',
      });
      expect(info._meta?.['mcbridge/service']).toMatchObject({ serverBrand: 'Paper' });
      const text = (info.content[0] as { text: string }).text;
      expect(text).toContain('server brand: Paper');
      expect(text).toContain('500 packets/s over 7 s');
    } finally {
      await c.close();
    }
  });

  test('a 4,000-command build (four calls of 1,000 in a row) is paced: 0 kicks, every command applied, progress says so', async () => {
    const before = kicks();
    const c = await companion(botTarget(world, 'Paced'));
    try {
      // connect first, then watch the budget: on a loaded machine the bot may never send fast enough to
      // need pacing, so the note is checked against what the budget actually did
      await c.call('get_connection_info', {});
      const budget = c.targets.get().peek()!.budget!;
      const delays = vi.spyOn(budget, 'delayFor');
      const notes: string[] = [];
      const commands = build(2, 'stone');
      for (let call = 0; call < 4; call++) {
        const result = await c.call(
          'execute_commands',
          { commands: commands.slice(call * 1000, (call + 1) * 1000) },
          (m) => notes.push(m),
        );
        expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
        const batch = result.structuredContent as unknown as BatchResult;
        expect(batch.results.filter((r) => r.status !== 'applied')).toEqual([]);
        expect(batch.appliedCount).toBe(1000);
      }
      expect(kicks() - before).toBe(0);
      expect(c.targets.get().connects).toBe(1);
      const waited = delays.mock.results.some((r) => r.type === 'return' && (r.value as number) > 0);
      expect(notes.some((n) => /paced to stay under the server's packet limit/.test(n))).toBe(waited);
      // fewer packets than two per command: runs of setblocks share a fence
      const sent = c.targets.get().peek()!.channel.packetLog!.total;
      expect(sent).toBeLessThan(2 * 4000);
    } finally {
      await c.close();
    }
  });

  test('with --packet-limit off the same build is kicked, and every result says what happened and how to fix it', async () => {
    // a strict limiter (60 packets/s over 7 s, 420 in the window): an unpaced bot exceeds it however busy
    // the machine is, where 500/s needs a send rate a loaded machine may not reach
    const strictLog: string[] = [];
    const kicks = () => strictLog.filter((l) => l.includes('paper-like: kicked')).length;
    const strict = await startWorld({
      ops: ['Unpaced'],
      paperLike: { maxPacketRate: 60 },
      log: (line) => strictLog.push(line),
    });
    const before = kicks();
    const c = await companion(botTarget(strict, 'Unpaced', { limit: 'off', from: 'flag' }));
    try {
      const commands = build(-22, 'bricks');
      // where the `~` of these commands is: the bot may come back elsewhere after the kick, and reading the
      // unsent commands' blocks relative to its new place would read blocks the sent ones placed
      await c.targets.get().get();
      const pos = c.targets.get().peek()!.channel.executorPosition()!;
      const base = { x: Math.floor(pos.x), y: Math.floor(pos.y), z: Math.floor(pos.z) };
      let kicked: { result: CallToolResult; batch: BatchResult } | undefined;
      for (let call = 0; call < 4 && !kicked; call++) {
        const result = await c.call('execute_commands', {
          commands: commands.slice(call * 1000, (call + 1) * 1000),
          verify: false,
        });
        expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
        const batch = result.structuredContent as unknown as BatchResult;
        if (batch.appliedCount < 1000) kicked = { result, batch };
      }
      expect(kicked).toBeDefined();
      const { result, batch } = kicked!;
      // the world's log comes over its stderr pipe, maybe after the kick reached the bot
      await until("the world's log line of the kick", () => kicks() !== before);
      expect(kicks() - before).toBe(1);
      const failed = batch.results.filter((r) => r.status !== 'applied');
      for (const r of failed) {
        expect(r.status).toBe('unknown');
        expect(r.summary).toContain('disconnect.exceeded_packet_rate');
        expect(r.summary).toContain('packet-limiter.all-packets.max-packet-rate');
        expect(r.summary).toContain('--packet-limit');
      }
      const unsent = failed.filter((r) => !r.accepted);
      expect(unsent.length).toBeGreaterThan(0);
      for (const r of unsent) {
        expect(r.applied).toBe(false);
        expect(r.summary).toMatch(/^Not sent/);
      }
      expect((result.content[0] as { text: string }).text).toContain('disconnect.exceeded_packet_rate');

      // reconnecting sends nothing on its own: after a round trip on the new connection, the blocks of
      // the commands that were never sent are still not there
      const again = await c.call('execute_commands', { commands: ['setblock ~-30 ~1 ~-30 minecraft:glass'] });
      expect((again.structuredContent as unknown as BatchResult).appliedCount).toBe(1);
      const channel = c.targets.get().peek()!.channel;
      for (const r of unsent) {
        const m = /~(-?\d+) ~(-?\d+) ~(-?\d+)/.exec(r.command)!;
        const at = { x: base.x + Number(m[1]), y: base.y + Number(m[2]), z: base.z + Number(m[3]) };
        // the new connection's chunks come nearest first, in batches: the farther ones may still be on their way
        await until(
          `the chunk of ${at.x} ${at.y} ${at.z} to arrive`,
          () => channel.readBlock!(at) !== 'unloaded',
        );
        const block = channel.readBlock!(at);
        expect(block === 'unloaded' ? block : block.name).toBe('minecraft:air');
      }
    } finally {
      await c.close();
      await strict.stop();
    }
  });

  test('the packet limit of a connection in the config file wins over the brand', async () => {
    const config = CompanionConfigSchema.parse({
      connections: {
        paper: {
          backend: 'mineflayer',
          host: world.host,
          port: world.port,
          username: 'Configured',
          version: world.version,
          packetLimit: '300/7',
        },
      },
    });
    const { targets } = await targetsFromConfig(config, { log });
    const c = await companion(targets);
    try {
      const info = await c.call('get_connection_info', {});
      expect(info.structuredContent).toMatchObject({
        serverBrand: 'Paper',
        packetLimit: { rate: 300, seconds: 7 },
        packetLimitSource: 'config',
      });
    } finally {
      await c.close();
    }
  });
});

test('the brand decides the limit: the embedded world (flying-squid) has none, so nothing is paced', async () => {
  const world = await startWorld({ ops: ['Free'] });
  const c = await companion(botTarget(world, 'Free'));
  try {
    const info = await c.call('get_connection_info', {});
    expect(info.structuredContent).toMatchObject({
      serverBrand: 'flying-squid',
      packetLimit: null,
      packetLimitSource: 'brand',
    });
  } finally {
    await c.close();
    await world.stop();
  }
});
