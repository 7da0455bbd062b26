/**
 * Serial capture, for servers where no fence works (no tellraw, or it does not echo): send one command,
 * then take the lines that arrive within bounded windows. Attribution is only as good as the server's
 * timing, so results made this way say so (`captureStrategy: 'serial'`). Sending waits whenever the
 * connection's pacer has no room (this is the path of a player who is no operator: the one vanilla's command
 * spam kick counts).
 */
import type { CommandChannel } from '../connection/channel.js';
import { type CapturedCommand, type CaptureOptions, unsentResults } from './captured.js';
import { fenceId, isCommandLine } from '../vocabulary/text/fence.js';
import type { CapturedMessage } from '../vocabulary/text/message.js';

export interface SerialWindows {
  /** wait this long for the first line (default 1000 ms) */
  firstLineMs: number;
  /** then stop after this much silence (default 150 ms) */
  quietMs: number;
  /** never wait longer than this per command (default 3000 ms) */
  maxMs: number;
}

export const DEFAULT_SERIAL_WINDOWS: SerialWindows = { firstLineMs: 1000, quietMs: 150, maxMs: 3000 };

export async function captureSerial(
  channel: CommandChannel,
  commands: readonly string[],
  options: CaptureOptions & { windows?: Partial<SerialWindows> } = {},
): Promise<CapturedCommand[]> {
  const windows = { ...DEFAULT_SERIAL_WINDOWS, ...options.windows };
  const t0 = performance.now();
  const results = unsentResults(commands, 'serial');
  let down: string | undefined;
  const offClose = channel.onClose((reason) => {
    down = reason;
  });
  try {
    for (const r of results) {
      if (down !== undefined || !channel.connected) {
        r.reason = `not sent: the connection went down (${down ?? 'not connected'})`;
        continue;
      }
      if (options.signal?.aborted) {
        r.reason = 'not sent: the request was cancelled';
        continue;
      }
      const wait = options.budget?.delayFor(1) ?? 0;
      if (wait > 0) {
        options.onPaced?.(options.budget!.pacingNote(), wait);
        if (!(await pause(wait, options.signal))) {
          r.reason = 'not sent: the request was cancelled';
          continue;
        }
      }
      if (down !== undefined || !channel.connected) {
        r.reason = `not sent: the connection went down (${down ?? 'not connected'})`;
        continue;
      }
      const outcome = await captureOne(channel, r, windows, t0);
      if (outcome === 'down' && r.sent) {
        r.end = 'disconnected';
        r.reason = `the connection went down before the command finished (${down ?? 'closed'})`;
      } else if (outcome === 'down') {
        r.end = 'not_sent';
        r.reason = `not sent: the connection went down (${down ?? 'closed'})`;
      }
      options.onProgress?.(r.index + 1, commands.length);
    }
  } finally {
    offClose();
  }
  return results;
}

/** Waits `ms`; false when `signal` aborted first. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function captureOne(
  channel: CommandChannel,
  r: CapturedCommand,
  windows: SerialWindows,
  t0: number,
): Promise<'ok' | 'down'> {
  return new Promise((resolve) => {
    const start = performance.now();
    let timer: NodeJS.Timeout;
    const hardStop = setTimeout(() => done('ok'), windows.maxMs);
    const done = (how: 'ok' | 'down') => {
      clearTimeout(timer);
      clearTimeout(hardStop);
      offMessage();
      offClose();
      r.durationMs = performance.now() - start;
      if (how === 'ok') r.end = 'quiet';
      resolve(how);
    };
    const offMessage = channel.onMessage((message: CapturedMessage) => {
      // a fence is never a command's reply (a probe's may come late, while serial capture runs)
      if (!isCommandLine(message) || fenceId(message) !== undefined) return;
      r.lines.push({ ...message, atMs: performance.now() - t0 });
      clearTimeout(timer);
      timer = setTimeout(() => done('ok'), windows.quietMs);
    });
    const offClose = channel.onClose(() => done('down'));
    try {
      channel.sendCommand(r.command);
    } catch {
      done('down');
      return;
    }
    r.sent = true;
    r.sentAtMs = start - t0;
    timer = setTimeout(() => done('ok'), windows.firstLineMs);
  });
}
