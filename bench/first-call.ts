/**
 * Bench section: the real stdio server (`mcbridge serve`, built) on the bench's world — its first
 * 1000-command call against its warm calls, and its throughput against a bare minecraft-protocol client
 * (no mineflayer, no fences, no attribution) sending the same commands to the same world, alternating.
 * The world has already run the other sections, so what warms up here is mcbridge, not the world.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import mc from 'minecraft-protocol';

type Origin = { x: number; y: number; z: number };
type Record = (name: string, value: string) => void;

const N = 1000;
const RUNS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureFirstCallAndCeiling(
  world: { host: string; port: number; version: string },
  commandsAt: (n: number, origin: Origin, salt: number) => string[],
  record: Record,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mcbridge-bench-'));
  const safetyFile = join(dir, 'safety.json');
  // the mix includes fills over vanilla's limit on purpose: let the game refuse them, not the policy
  writeFileSync(safetyFile, JSON.stringify({ maxFillVolume: 1_000_000, maxBatchVolume: 100_000_000 }));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      new URL('../dist/cli/main.js', import.meta.url).pathname,
      'serve',
      '--host',
      world.host,
      '--port',
      String(world.port),
      '--version',
      world.version,
      '--username',
      'BenchStdio',
      '--safety-config',
      safetyFile,
      '--jobs-dir',
      join(dir, 'jobs'),
    ],
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench-first-call', version: '0' });
  await client.connect(transport);
  // waits for the connection (and its warm-up, which holds the queue) like a client's first look would
  const info = await client.callTool({ name: 'get_connection_info', arguments: {} }, undefined, {
    timeout: 120_000,
  });
  const at = (info.structuredContent as { bot: { block: Origin } }).bot.block;
  const stdioOrigin = { x: at.x + 2, y: at.y, z: at.z + 100 };
  const call = async (salt: number) => {
    const t = performance.now();
    const r = await client.callTool(
      { name: 'execute_commands', arguments: { commands: commandsAt(N, stdioOrigin, salt) } },
      undefined,
      { timeout: 300_000 },
    );
    if (r.isError) throw new Error(`stdio execute_commands failed: ${JSON.stringify(r.content)}`);
    return performance.now() - t;
  };

  const bare = await BareClient.join(world);
  const bareOrigin = { x: stdioOrigin.x, y: stdioOrigin.y, z: stdioOrigin.z + 20 };
  // the bare client's own first run warms its codecs; it is not counted
  await bare.run(commandsAt(N, bareOrigin, 99));

  const first = await call(0);
  const warm: number[] = [];
  const bareRates: number[] = [];
  for (let k = 1; k <= RUNS; k++) {
    warm.push(await call(k));
    bareRates.push(await bare.run(commandsAt(N, bareOrigin, k)));
  }
  const warmMs = median(warm);
  const stdioRate = (N / warmMs) * 1000;
  const bareRate = median(bareRates);
  record(`stdio server, first ${N}-command call after connecting`, `${first.toFixed(0)} ms`);
  record(`stdio server, warm ${N}-command call (median of ${RUNS})`, `${warmMs.toFixed(0)} ms`);
  record('first call / warm call', `${(first / warmMs).toFixed(2)}× (target ≤ 1.5)`);
  record('bare minecraft-protocol client, same commands (median)', `${bareRate.toFixed(0)} commands/s`);
  record('stdio server (warm) / bare client', `${(stdioRate / bareRate).toFixed(2)}× (target ≥ 0.45)`);
  bare.close();
  await client.close();
}

/** A minecraft-protocol client and nothing else: sends commands, waits for one closing reply. */
class BareClient {
  private constructor(private readonly client: mc.Client) {}

  static async join(world: { host: string; port: number; version: string }): Promise<BareClient> {
    const client = mc.createClient({
      host: world.host,
      port: world.port,
      username: 'BareClient',
      version: world.version,
      auth: 'offline',
    });
    await new Promise<void>((resolve, reject) => {
      client.once('error', reject);
      client.once('position', (p: { teleportId: number }) => {
        client.write('teleport_confirm', { teleportId: p.teleportId });
        resolve();
      });
    });
    return new BareClient(client);
  }

  /** commands/s until the server has answered the last one */
  async run(commands: string[]): Promise<number> {
    const end = `bare.end.${Math.random().toString(36).slice(2)}`;
    const done = new Promise<void>((resolve) => {
      const on = (packet: unknown) => {
        if (!JSON.stringify(packet).includes(end)) return;
        this.client.off('system_chat', on);
        resolve();
      };
      this.client.on('system_chat', on);
    });
    const t = performance.now();
    for (const command of commands) this.client.chat(`/${command}`);
    this.client.chat(`/tellraw @s {"translate":"${end}"}`);
    await done;
    return (commands.length / (performance.now() - t)) * 1000;
  }

  close(): void {
    this.client.end();
  }
}
