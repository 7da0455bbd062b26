#!/usr/bin/env node
/** The mcbridge command line. */
import { McbridgeError } from '../errors.js';
import { buildProgram } from './program.js';

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
