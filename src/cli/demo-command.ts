/** `mcbridge demo`: build a furnished room in an embedded world through MCP, follow the hints, render it. */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { logger } from '../vocabulary/logger.js';

export function registerDemoCommand(program: Command): void {
  program
    .command('demo')
    .description(
      'build a furnished voxel room in an embedded world through the real MCP path, follow the hints, write room.png',
    )
    .option('--out <file>', 'where to write the picture', 'room.png')
    .option('--keep', 'keep the world running after the demo (Ctrl-C to stop) so you can look around', false)
    .action(async (opts: { out: string; keep: boolean }) => {
      // the demo's MCP client (@modelcontextprotocol/client, a second copy of the protocol's schemas) loads
      // with the demo, not with every command: serve never uses it
      const { runDemo } = await import('./demo-run.js');
      const report = await runDemo({
        imagePath: resolve(opts.out),
        log: logger.child({}, { level: 'warn' }),
        say: (line) => process.stderr.write(`${line}\n`),
        ...(opts.keep
          ? {
              keepOpen: () =>
                new Promise<void>((done) => {
                  process.stderr.write('world kept running; Ctrl-C to stop\n');
                  process.once('SIGINT', () => done());
                }),
            }
          : {}),
      });
      const lines = [
        `mcbridge demo — ${report.ok ? 'every command applied and verified' : 'something did not apply: see below'}`,
        ...report.batches.map(
          (b) =>
            `  ${b.purpose}\n    ${Object.entries(b.statuses)
              .map(([s, n]) => `${n} ${s}`)
              .join(', ')}; verified ${b.verified}, mismatched ${b.mismatched}`,
        ),
        `  hints followed: ${report.followed.join(', ') || 'none'}`,
        `  picture: ${report.imagePath}`,
        // from the start of the process (performance's time origin), as the person waited
        `  time: ${(performance.now() / 1000).toFixed(1)} s`,
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
      process.exitCode = report.ok ? 0 : 1;
    });
}
