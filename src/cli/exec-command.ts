/** `mcbridge exec -- "<cmd>" …`: run commands once and print the JSON result (or a table with --pretty). */
import type { Command } from 'commander';
import { executeBatch } from '../execute/execute-batch.js';
import type { BatchResult } from '../results/schema.js';
import { loadSafetyConfig } from '../safety/config.js';
import { addConnectionOptions, type ConnectionFlags, targetFromFlags } from './connection-options.js';

export function renderTable(batch: BatchResult): string {
  const rows = batch.results.map((r) => [
    String(r.index + 1),
    r.status,
    r.applied === null ? '?' : String(r.applied),
    r.command,
    r.summary,
  ]);
  const header = ['#', 'status', 'applied', 'command', 'summary'];
  const widths = header.map((h, i) => Math.min(60, Math.max(h.length, ...rows.map((r) => r[i]!.length))));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => (c.length > widths[i]! ? `${c.slice(0, widths[i]! - 1)}…` : c.padEnd(widths[i]!)))
      .join('  ');
  return [fmt(header), ...rows.map(fmt), '', batch.hint].join('\n');
}

/** A one-line progress bar on stderr (stdout carries the result). */
function progressBar(total: number) {
  let last = -1;
  const draw = (done: number) => {
    const pct = Math.floor((done / total) * 100);
    if (pct === last) return;
    last = pct;
    const width = 30;
    const filled = Math.round((done / total) * width);
    process.stderr.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} commands`);
  };
  return { update: (done: number) => draw(done), done: () => process.stderr.write('\n') };
}

export function registerExecCommand(program: Command): void {
  addConnectionOptions(
    program
      .command('exec')
      .description('run commands and print what happened to each')
      .argument('<commands...>', 'commands, each one argument'),
  )
    .option('--pretty', 'print a table instead of JSON', false)
    .option('--timeout <ms>', 'per-command timeout', (v) => Number.parseInt(v, 10), 5000)
    .action(async (commands: string[], flags: ConnectionFlags & { pretty: boolean; timeout: number }) => {
      const target = targetFromFlags(flags);
      try {
        const session = await target.get();
        const safety = await loadSafetyConfig(flags.safetyConfig);
        const bar =
          commands.length > 200 && process.stderr.isTTY !== false ? progressBar(commands.length) : undefined;
        const batch = await executeBatch(session, commands, {
          commandTimeoutMs: flags.timeout,
          safety,
          ...(bar ? { onProgress: bar.update } : {}),
        });
        bar?.done();
        process.stdout.write(
          flags.pretty ? `${renderTable(batch)}\n` : `${JSON.stringify(batch, null, 2)}\n`,
        );
        process.exitCode = batch.failedCount > 0 ? 2 : 0;
      } finally {
        await target.close();
      }
    });
}
