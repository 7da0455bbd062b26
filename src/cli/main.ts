#!/usr/bin/env node
/** The mcbridge command line. */
// first: every console.* goes to stderr before any dependency is evaluated (stdout is MCP's under serve)
import './stdout-guard.js';

// serve lives long beside a chat client: its heap settings (lean-heap.ts) apply before its modules load, so
// that loading them does not already grow the heap V8's way
if (process.argv[2] === 'serve') {
  (await import('./lean-heap.js')).useLeanHeap();
  // libuv starts its thread pool on first use, with this many threads (4 by default): each thread that allocates
  // gets a glibc malloc arena of its own, which keeps what it freed (zlib, file writes). Under 10,000 hostile
  // calls (`npm run fuzz`, seed 20261128) serve's RSS peaked at 212 MB with 4 threads and 186 MB with 2;
  // serve does little I/O at once. A host that sets the variable keeps its own value.
  process.env['UV_THREADPOOL_SIZE'] ??= '2';
}

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
