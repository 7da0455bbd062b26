/**
 * Bench section "Paper and other servers": packets per command and commands/s on a server without a limit
 * (the embedded world, flying-squid brand: vanilla-like) and on the Paper-like embedded world (brand
 * `Paper`, Paper's 500 packets/s over 7 s enforced), against that limit's ceiling (500 ÷ packets per
 * command). Figures, not assertions.
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { mineflayerTarget } from '../src/connection/factories.js';
import { Targets } from '../src/connection/targets.js';
import { logger } from '../src/vocabulary/logger.js';
import { createServer } from '../src/mcp/server.js';
import type { BatchResult } from '../src/results/schema.js';
import { defaultSafetyConfig } from '../src/safety/config.js';
import type { startWorld as StartWorld } from '../src/world/index.js';

type Record = (name: string, value: string) => void;

/** 1,000 setblocks per call over a 20×10×20 box; the material alternates per call, so every one changes a block. */
const call1000 = (round: number) =>
  Array.from({ length: 1000 }, (_, i) => {
    const x = 2 + (i % 20);
    const z = 2 + (Math.floor(i / 20) % 20);
    const y = 1 + Math.floor(i / 400);
    return `setblock ~${x} ~${y} ~${z} minecraft:${round % 2 ? 'stone' : 'oak_planks'}`;
  });

async function build(
  world: Awaited<ReturnType<typeof StartWorld>>,
  username: string,
  calls: number,
  atEnd: () => void = () => {},
) {
  const targets = new Targets([
    mineflayerTarget({ host: world.host, port: world.port, username, version: world.version }),
  ]);
  const server = createServer({
    targets,
    log: logger.child({}, { level: 'silent' }),
    safety: defaultSafetyConfig,
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 'bench-paper', version: '0' });
  await client.connect(a);
  const session = await targets.get().get();
  const log = session.channel.packetLog!;
  const perCall: Array<{ ms: number; packets: number; applied: number }> = [];
  for (let k = 0; k < calls; k++) {
    const p0 = log.total;
    const t = performance.now();
    const r = (await client.callTool(
      { name: 'execute_commands', arguments: { commands: call1000(k), verify: false } },
      { timeout: 600_000 },
    )) as CallToolResult;
    const batch = r.structuredContent as unknown as BatchResult;
    perCall.push({ ms: performance.now() - t, packets: log.total - p0, applied: batch.appliedCount });
  }
  const connects = targets.get().connects;
  atEnd();
  await client.close();
  await targets.closeAll();
  return { perCall, connects };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export async function measurePaper(startWorld: typeof StartWorld, record: Record): Promise<void> {
  // vanilla-like: no limit, every command has its own fence, full speed
  const free = await startWorld({ ops: ['FreeBench'] });
  const f = await build(free, 'FreeBench', 4);
  await free.stop();
  const freePpc = sum(f.perCall.map((c) => c.packets)) / 4000;
  record('vanilla-like (no packet limit): packets per command, 4 × 1,000 setblocks', freePpc.toFixed(2));
  record(
    'vanilla-like: commands/s over the 4,000',
    `${((4000 / sum(f.perCall.map((c) => c.ms))) * 1000).toFixed(0)} commands/s`,
  );

  // Paper-like: 12 calls; the first four ride the empty window (Paper's window allows a burst), the last
  // eight (about 2.5 windows) show the sustained, paced rate
  const paper = await startWorld({ ops: ['PaperBench'], paperLike: true });
  let left = 0;
  let kicks = 0;
  paper.on('player-left', () => left++);
  const p = await build(paper, 'PaperBench', 12, () => {
    kicks = left; // before the bench's own bot leaves
  });
  await paper.stop();
  const packets = sum(p.perCall.map((c) => c.packets));
  const ppc = packets / 12_000;
  const ceiling = 500 / ppc;
  const first4 = p.perCall.slice(0, 4);
  const rest = p.perCall.slice(4);
  const rate = (calls: typeof p.perCall) => (calls.length * 1000 * 1000) / sum(calls.map((c) => c.ms));
  record('Paper-like: packets per command, 12 × 1,000 setblocks', ppc.toFixed(3));
  record('Paper-like: ceiling of 500 packets/s ÷ packets per command', `${ceiling.toFixed(0)} commands/s`);
  record(
    'Paper-like: first 4,000 (window empty at the start)',
    `${rate(first4).toFixed(0)} commands/s (${(rate(first4) / ceiling).toFixed(2)}× ceiling)`,
  );
  record(
    'Paper-like: sustained, commands 4,001–12,000 (paced)',
    `${rate(rest).toFixed(0)} commands/s (${(rate(rest) / ceiling).toFixed(2)}× ceiling; target ≥ 0.85×)`,
  );
  record(
    'Paper-like: kicks, reconnects, commands applied',
    `${kicks} kicks, ${p.connects - 1} reconnects, ${sum(p.perCall.map((c) => c.applied))}/12,000 applied`,
  );
}
