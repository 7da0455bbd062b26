/**
 * The long fuzz: 10,000 seeded hostile calls over every tool against `mcbridge serve --embedded` (the built
 * CLI), with a canary build every 100 calls. Prints progress to stderr and the figures as JSON to stdout;
 * exits 1 when an invariant broke or resident memory of the server went past 200 MB.
 *   npm run fuzz [-- --seed 7 --calls 10000 --trace calls.tsv]
 * `--trace` writes one line per call: index, tool, milliseconds, serve's resident MB after it, the arguments
 * (cut at 300 characters), to find the calls that move memory.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { runFuzz, startFuzzServer } from '../test/helpers/hostile-calls.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '20261128' },
    calls: { type: 'string', default: '10000' },
    trace: { type: 'string' },
  },
});
const seed = Number(values.seed);
const calls = Number(values.calls);
const MEMORY_BOUND_MB = 200;

// MCBRIDGE_FUZZ_CLI runs a copy of dist/ (so that builds during the run do not change what runs)
if (!process.env['MCBRIDGE_FUZZ_CLI'])
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
const started = Date.now();
const server = await startFuzzServer();
const trace = values.trace ? openSync(values.trace, 'w') : undefined;
let report;
try {
  report = await runFuzz(server, seed, calls, {
    boundMs: 120_000,
    onProgress: (done, r) => {
      if (done % 500 === 0)
        process.stderr.write(
          `${done}/${calls}: answered ${r.answered}, canaries ${r.canaries.ok}/${r.canaries.ok + r.canaries.failed}, problems ${r.problems.length}, serve ${r.rss.serveMax} MB, world ${r.rss.worldMax} MB\n`,
        );
    },
    ...(trace !== undefined
      ? {
          onCall: (i: number, c: { tool: string; args: unknown }, ms: number, mb: number | undefined) =>
            writeSync(
              trace,
              `${i}\t${c.tool}\t${Math.round(ms)}\t${mb ?? ''}\t${(JSON.stringify(c.args) ?? '').slice(0, 300)}\n`,
            ),
        }
      : {}),
  });
} finally {
  await server.close();
  if (trace !== undefined) closeSync(trace);
}
const figures = {
  date: new Date().toISOString(),
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`,
  minutes: Math.round((Date.now() - started) / 6_000) / 10,
  ...report,
};
process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
const broken =
  report.exited ||
  report.answered !== report.calls ||
  report.problems.length > 0 ||
  report.escapes.length > 0 ||
  report.canaries.failed > 0 ||
  (report.rss.serveMax ?? 0) > MEMORY_BOUND_MB;
process.exit(broken ? 1 : 0);
