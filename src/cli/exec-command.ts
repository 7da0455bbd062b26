/** `mcbridge exec -- "<cmd>" …`: run commands once and print the JSON result (or a table with --pretty). */
import type { Command } from 'commander';
import { executeBatch } from '../execute/execute-batch.js';
import type { BatchResult, CommandResult } from '../results/schema.js';
import { loadSafetyConfig } from '../safety/config.js';
import { addConnectionOptions, type ConnectionFlags, targetFromFlags } from './connection-options.js';
import { milliseconds } from './numbers.js';

export const EXEC_EXIT_STATUS = `
Exit status:
  0  every command applied, or changed nothing because the world already matched ("Nothing changed")
  1  a command was rejected, failed, timed out, is unknown or did not read back as written;
     or mcbridge could not connect
  2  usage error (unknown option, invalid value)`;

/** Vanilla's "nothing changed" (detail.noChange) is no failure: the world already is what was asked for. */
function wentAsAsked(r: CommandResult): boolean {
  if (r.status === 'rejected_by_game') return r.detail?.noChange === true;
  return r.status === 'applied' && r.verification?.status !== 'mismatch';
}

export function execExitCode(batch: BatchResult): 0 | 1 {
  return batch.results.every(wentAsAsked) ? 0 : 1;
}

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
      .argument('<commands...>', 'commands, each one argument')
      .addHelpText('after', EXEC_EXIT_STATUS),
  )
    .option('--pretty', 'print a table instead of JSON', false)
    .option('--timeout <ms>', "how long to wait for each command's reply", milliseconds, 5000)
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
        process.exitCode = execExitCode(batch);
      } finally {
        await target.close();
      }
    });
}
