/**
 * A player who is no operator, on a world that kicks like vanilla's command spam kick
 * (src/world/vanilla-spam.ts: +20 per command, −1 per tick, `disconnect.spam` at 20 × 10 s): paced, a batch
 * goes through whole; told that the server does not kick, the same player is kicked and every result says
 * why and what to do. Through the real MCP client. The world is stock flying-squid, whose plain replies do
 * not tell whether the player is an operator (mcbridge refuses a batch only for a known non-operator), so
 * mcbridge cannot count on vanilla's exemption of operators.
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CommandSpamSetting } from '../../src/connection/command-throttle.js';
import { mineflayerTarget } from '../../src/connection/factories.js';
import { Targets } from '../../src/connection/targets.js';
import { createServer } from '../../src/mcp/server.js';
import type { BatchResult } from '../../src/results/schema.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { logger } from '../../src/vocabulary/logger.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { until } from '../helpers/wait.js';

const log = logger.child({ test: true }, { level: 'silent' });

async function run(
  world: WorldHandle,
  username: string,
  commandSpamThreshold: CommandSpamSetting,
  commands: string[],
): Promise<{ batch: BatchResult; text: string; notes: string[] }> {
  const targets = new Targets([
    mineflayerTarget({
      host: world.host,
      port: world.port,
      username,
      version: world.version,
      commandSpamThreshold,
    }),
  ]);
  const server = createServer({ targets, log, safety: defaultSafetyConfig });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'spam-tests', version: '0' });
  await client.connect(clientSide);
  const notes: string[] = [];
  try {
    const result = (await client.callTool(
      { name: 'execute_commands', arguments: { commands, verify: false } },
      { timeout: 170_000, onprogress: (p) => notes.push(p.message ?? '') },
    )) as CallToolResult;
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const text = (result.content[0] as { text: string }).text;
    return { batch: result.structuredContent as unknown as BatchResult, text, notes };
  } finally {
    await client.close();
    await targets.closeAll();
  }
}

describe("on a server with vanilla's command spam kick", () => {
  let world: WorldHandle;
  const worldLog: string[] = [];
  const kicked = (name: string) => worldLog.some((l) => l.includes(`vanilla-spam: kicked ${name}`));

  beforeAll(async () => {
    world = await startWorld({
      ops: [],
      parity: false,
      vanillaSpam: { seconds: 10 },
      log: (line) => worldLog.push(line),
    });
  });
  afterAll(async () => {
    await world?.stop();
  });

  test('a player who is no operator is paced, and a batch past the burst goes through whole', async () => {
    const { batch, notes } = await run(
      world,
      'Paced',
      { seconds: 10, from: 'config' },
      Array.from({ length: 20 }, () => 'time query daytime'),
    );
    expect(
      batch.results.every((r) => r.accepted),
      JSON.stringify(batch.results.at(-1)),
    ).toBe(true);
    for (const r of batch.results) expect(r.summary).not.toMatch(/disconnect|Not sent/);
    expect(notes.some((n) => n.includes("paced to stay under the server's command spam kick"))).toBe(true);
    expect(kicked('Paced')).toBe(false);
  });

  test('told that the server does not kick, the same player is kicked, and the results say why', async () => {
    const { batch, text } = await run(
      world,
      'Unpaced',
      { seconds: 'off', from: 'flag' },
      Array.from({ length: 40 }, () => 'time query daytime'),
    );
    const failed = batch.results.filter((r) => /disconnect\.spam/.test(r.summary));
    expect(failed.length, JSON.stringify(batch.results.at(-1))).toBeGreaterThan(0);
    for (const r of failed) {
      expect(r.summary).toContain('command-spam-threshold-seconds');
      expect(r.summary).toContain('--command-spam-threshold');
    }
    expect(text).toContain('disconnect.spam');
    await until("the world's log line of the kick", () => kicked('Unpaced'));
  });
});
