/**
 * stdout is the MCP protocol stream under `mcbridge serve` (stdio). Dependencies print there on their own:
 * prismarine-auth's `console.info('[msa] …')` sign-in prompt, mineflayer's plugin loader `console.log(err)`,
 * minecraft-protocol's decompression errors. One such line corrupts the stream.
 *
 * This module is imported first by the CLI entry point, so it runs before any dependency is evaluated:
 * every `console.*` method writes to stderr from then on. `claimStdoutForProtocol()` goes further for the
 * stdio server: `process.stdout.write` itself is redirected to stderr, and only the writer it returns (given
 * to the MCP transport) reaches file descriptor 1.
 */
import { Console } from 'node:console';
import { Writable } from 'node:stream';

const stderrConsole = new Console({ stdout: process.stderr, stderr: process.stderr });
const consoleMethods = ['log', 'info', 'debug', 'warn', 'error', 'trace', 'dir', 'dirxml', 'table'] as const;

/** Sends every `console.*` call of the process to stderr. Idempotent. */
export function routeConsoleToStderr(): void {
  for (const method of consoleMethods) {
    (console as unknown as Record<string, unknown>)[method] = stderrConsole[method].bind(stderrConsole);
  }
}

let protocolStream: Writable | undefined;

/**
 * Gives stdout to the caller alone: from now on anything else that writes to `process.stdout` (directly or
 * through a `console` captured before the guard ran) lands on stderr. Returns the one writer that still
 * reaches stdout.
 */
export function claimStdoutForProtocol(): Writable {
  if (protocolStream) return protocolStream;
  const stdout = process.stdout;
  const writeToStdout = stdout.write.bind(stdout) as (
    chunk: unknown,
    encoding?: BufferEncoding,
    callback?: (err?: Error | null) => void,
  ) => boolean;
  const writeToStderr = process.stderr.write.bind(process.stderr);
  stdout.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) =>
    writeToStderr(
      chunk as string,
      encoding as BufferEncoding,
      callback as (err?: Error | null) => void,
    )) as typeof stdout.write;
  protocolStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (writeToStdout(chunk)) callback();
      else stdout.once('drain', () => callback());
    },
  });
  return protocolStream;
}

routeConsoleToStderr();
// `serve` without --http speaks MCP on stdout: claim it before any dependency is even loaded
const args = process.argv.slice(2);
if (args[0] === 'serve' && !args.includes('--http')) claimStdoutForProtocol();
