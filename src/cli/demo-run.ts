/**
 * The demo: an embedded world, a furnished room built through the real MCP path (SDK Client → mcbridge
 * server → bot), the next steps the server suggests followed (door, window, light), verified, rendered.
 * It lives with the CLI because, like a user's client, it drives the server through the SDK's Client.
 */
import { writeFile } from 'node:fs/promises';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { mineflayerTarget } from '../connection/factories.js';
import { Targets } from '../connection/targets.js';
import type { Logger } from '../vocabulary/logger.js';
import { createServer } from '../mcp/server.js';
import type { CompactBatchResult } from '../results/compact.js';
import { defaultSafetyConfig } from '../safety/config.js';
import { StructureStore } from '../structures/store.js';
import { startWorld } from '../world/index.js';

export interface DemoOptions {
  /** where room.png goes (default ./room.png) */
  imagePath: string;
  log: Logger;
  /** lines for the person running it (stderr) */
  say: (line: string) => void;
  /** keep the world running after the demo until this resolves */
  keepOpen?: () => Promise<void>;
}

export interface DemoReport {
  address: string;
  batches: Array<{ purpose: string; statuses: Record<string, number>; verified: number; mismatched: number }>;
  followed: string[];
  imagePath: string;
  ok: boolean;
}

const FOLLOW = ['add_door', 'complete_door', 'add_window', 'add_light'];

export async function runDemo(options: DemoOptions): Promise<DemoReport> {
  const username = 'mcbridge_demo';
  const world = await startWorld({ ops: [username], templates: new StructureStore() });
  const address = `${world.host}:${world.port}`;
  options.say(
    `embedded Minecraft ${world.version} world at ${address} — join it with a ${world.version} client to watch`,
  );
  const target = mineflayerTarget({ host: world.host, port: world.port, username, version: world.version });
  const targets = new Targets([target]);
  const server = createServer({ targets, log: options.log, safety: defaultSafetyConfig });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'mcbridge-demo', version: '1' });
  await client.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args }, { timeout: 60_000 })) as CallToolResult;
  const report: DemoReport = { address, batches: [], followed: [], imagePath: options.imagePath, ok: true };
  const execute = async (purpose: string, commands: string[]) => {
    const result = await call('execute_commands', { commands });
    if (result.isError) throw new Error(`${purpose}: ${JSON.stringify(result.content)}`);
    const batch = result.structuredContent as unknown as CompactBatchResult;
    const statuses: Record<string, number> = {};
    for (const r of batch.results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    // compact results leave a fully verified write's verification out and count it in verifiedCount
    const verified =
      (batch.verifiedCount ?? 0) + batch.results.filter((r) => r.verification?.status === 'verified').length;
    const mismatched = batch.results.filter((r) => r.verification?.status === 'mismatch').length;
    report.batches.push({ purpose, statuses, verified, mismatched });
    if (batch.appliedCount !== batch.totalCommands || verified !== batch.totalCommands) report.ok = false;
    options.say(
      `${purpose}: ${Object.entries(statuses)
        .map(([s, n]) => `${n} ${s}`)
        .join(', ')}; ${verified} verified`,
    );
    return batch;
  };

  try {
    const info = await call('get_connection_info', {});
    if (info.isError) throw new Error(JSON.stringify(info.content));
    const p = (await target.get()).channel.executorPosition()!;
    // a 7×5×7 room (5×3×5 inside) two blocks east and south of the bot, on the ground
    const [x1, y1, z1] = [Math.floor(p.x) + 3, Math.floor(p.y) - 1, Math.floor(p.z) + 3];
    const [x2, y2, z2] = [x1 + 6, y1 + 4, z1 + 6];
    const shell = await execute('room shell, floor and furniture', [
      `fill ${x1} ${y1} ${z1} ${x2} ${y2} ${z2} minecraft:oak_planks hollow`,
      `fill ${x1 + 1} ${y1} ${z1 + 1} ${x2 - 1} ${y1} ${z2 - 1} minecraft:spruce_planks`,
      `setblock ${x1 + 1} ${y1 + 1} ${z2 - 1} minecraft:crafting_table`,
      `setblock ${x1 + 2} ${y1 + 1} ${z2 - 1} minecraft:bookshelf`,
      `setblock ${x2 - 1} ${y1 + 1} ${z2 - 1} minecraft:red_bed[facing=south,part=head]`,
      `setblock ${x2 - 1} ${y1 + 1} ${z2 - 2} minecraft:red_bed[facing=south,part=foot]`,
      `setblock ${x2 - 1} ${y1 + 1} ${z1 + 1} minecraft:potted_poppy`,
      `fill ${x1 + 2} ${y1 + 1} ${z1 + 2} ${x1 + 3} ${y1 + 1} ${z1 + 3} minecraft:red_carpet`,
    ]);
    for (const step of shell.actionHints?.nextSteps ?? []) {
      if (!FOLLOW.includes(step.action) || step.suggestedTool !== 'execute_commands') continue;
      const commands = (step.suggestedArgs as { commands?: string[] } | undefined)?.commands;
      if (!commands?.length) continue;
      report.followed.push(step.action);
      await execute(`follow hint ${step.action}: ${step.description}`, commands);
    }
    const area = await call('get_blocks_in_area', {
      from: { x: x1, y: y1, z: z1 },
      to: { x: x2, y: y2, z: z2 },
    });
    if (area.isError) report.ok = false;
    const render = await call('render_area', {
      from: { x: x1 - 1, y: y1, z: z1 - 1 },
      to: { x: x2 + 1, y: y2, z: z2 + 1 },
      view: 'isometric',
    });
    const image = (render.content as Array<{ type: string; data?: string }>).find((c) => c.type === 'image');
    if (!image?.data) throw new Error('render_area returned no image');
    await writeFile(options.imagePath, Buffer.from(image.data, 'base64'));
    options.say(`wrote ${options.imagePath}`);
    if (options.keepOpen) await options.keepOpen();
    return report;
  } finally {
    await client.close();
    await targets.closeAll();
    await world.stop();
  }
}
