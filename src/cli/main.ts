#!/usr/bin/env node
/** The mcbridge command line. */
// first: every console.* goes to stderr before any dependency is evaluated (stdout is MCP's under serve)
import './stdout-guard.js';

// serve lives long beside a chat client: its heap settings (lean-heap.ts) apply before its modules load, so
// that loading them does not already grow the heap V8's way
if (process.argv[2] === 'serve') (await import('./lean-heap.js')).useLeanHeap();

// everything else loads after the guard is in place
const { McbridgeError } = await import('../vocabulary/errors.js');
const { buildProgram } = await import('./program.js');

buildProgram()
  .parseAsync(process.argv)
  .catch((err: unknown) => {
    const message =
      err instanceof McbridgeError
        ? err.message
        : err instanceof Error
          ? (err.stack ?? err.message)
          : String(err);
    process.stderr.write(`mcbridge: ${message}\n`);
    process.exit(1);
  });
