/**
 * Pipelined capture with fences. Every command is followed by a fence (a tellraw to the bot itself);
 * a vanilla server runs one player's commands in order and sends all feedback of command N before N+1
 * starts, so every line between fence N-1 and fence N belongs to command N — exactly, with no waiting.
 * Runs of commands whose reply lines are known in advance may share one fence (groups.ts), and sending
 * waits whenever the connection's packet budget has no room.
 */
import { randomBytes } from 'node:crypto';
import type { CommandChannel } from '../connection/channel.js';
import { type CapturedCommand, type CaptureOptions, unsentResults } from './captured.js';
import { fenceCommand, fenceId, isCommandLine } from '../vocabulary/text/fence.js';
import { groupable, groupSize, splitGroupLines } from './groups.js';
import type { CapturedMessage } from '../vocabulary/text/message.js';

/**
 * A batch's fences carry its id, so that a late fence of an earlier batch (one that gave up waiting) is never
 * taken for this one's: a counter, behind a tag drawn once per process (a call pays for no random bytes).
 */
const PROCESS_TAG = randomBytes(3).toString('hex');
let batches = 0;
const nextBatchId = (): string => `${PROCESS_TAG}${(++batches).toString(36)}`;

/**
 * Commands sent ahead of the one the server is working on. 512 made a warm call of the bench's 1,000 mixed
 * commands 4–8 % faster on a quiet world, but not the bench's paired warm figure (0.71 against 0.73, within
 * its noise), and under a packet limit on a busy machine a Paper-like server kicked the bot once: a server
 * that reads late counts what was in flight as one burst, and twice as much was.
 */
export const MAX_IN_FLIGHT = 256;

export async function captureFenced(
  channel: CommandChannel,
  commands: readonly string[],
  options: CaptureOptions = {},
): Promise<CapturedCommand[]> {
  const timeoutMs = options.commandTimeoutMs ?? 5000;
  const maxInFlight = options.maxInFlight ?? MAX_IN_FLIGHT;
  const batch = nextBatchId();
  // the batch's fence with a marker where the command's index goes: one string join per fence afterwards
  // (the id is letters, digits and a colon, which JSON writes as they are)
  const [fenceHead, fenceTail] = fenceCommand(`${batch}:#`).split('#') as [string, string];
  const idHead = `${batch}:`;
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  const results = unsentResults(commands, 'fenced');
  if (commands.length === 0) return results;

  let next = 0; // next command to send
  let head = 0; // first command whose fence has not arrived
  let headSince = 0; // when the head became the head
  let stopReason: string | undefined; // set: send nothing more
  // the head's deadline passed: nothing more is sent, and what is in flight shares one grace period; a fence
  // in it closes its commands as any fence does, and sending goes on (the server was slow, not stalled)
  let graceUntil: number | undefined;
  const pending: CapturedMessage[] = []; // lines since the last fence: they belong to the head's group
  const groupEnd: number[] = []; // first command of a group → its last (the one its fence names)
  let grouping = options.groupFences === true;
  let paceTimer: NodeJS.Timeout | undefined;
  let finished = false;
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => {
    resolveDone = r;
  });

  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    clearTimeout(paceTimer);
    offMessage();
    offClose();
    options.signal?.removeEventListener('abort', onAbort);
    resolveDone();
  };

  // the lines so far go to head..i, closed by i's fence: every command of the group answered
  const attribute = (i: number): boolean => {
    if (i === head) {
      // one command: all the lines are its own (splitGroupLines' answer for a group of one)
      const lines = results[head]!.lines;
      for (const line of pending) lines.push(line);
      pending.length = 0;
      return true;
    }
    const split = splitGroupLines(commands.slice(head, i + 1), pending);
    if (split) split.forEach((lines, k) => results[head + k]!.lines.push(...lines));
    else for (let k = head; k <= i; k++) results[k]!.lines.push(...pending);
    pending.length = 0;
    return split !== undefined;
  };

  const closeUpTo = (i: number) => {
    const exact = attribute(i);
    if (!exact) grouping = false; // fall back to one fence per command for the rest
    const size = i - head + 1;
    const each = (now() - headSince) / size;
    for (; head <= i; head++) {
      const r = results[head]!;
      if (r.end === 'not_sent' && r.sent) r.end = exact ? 'fenced' : 'unattributed';
      if (r.end === 'unattributed')
        r.reason = `it ran in a group of ${size} commands closed by one fence, and the group's ${r.lines.length} reply lines did not fit one line per command, so which line is whose is not known (the rest of the batch went one fence per command); check the world before sending it again`;
      r.durationMs = each;
      options.onSettled?.(head, r);
    }
    headSince = now();
    graceUntil = undefined;
    options.onProgress?.(head, commands.length);
  };

  const onMessage = (message: CapturedMessage) => {
    if (!isCommandLine(message)) return;
    const id = fenceId(message);
    if (id !== undefined) {
      if (!id.startsWith(idHead)) {
        // a fence of an earlier batch that gave up on it (a stall): the server runs what it was sent in
        // order, so the lines before it are that batch's commands', and an earlier batch's last command is
        // always followed by its fence. None of them is ours
        pending.length = 0;
        return;
      }
      const i = Number(id.slice(idHead.length));
      if (i >= head && i < next) {
        closeUpTo(i);
        pump();
      }
      return;
    }
    // a line while nothing is in flight belongs to no command of ours
    if (head < next) pending.push({ ...message, atMs: now() });
  };

  /** how a command is named in the reasons of those after it */
  const named = (i: number): string => {
    const text = commands[i]!;
    return `command ${i + 1} (\`${text.length > 60 ? `${text.slice(0, 57)}...` : text}\`)`;
  };

  /**
   * The head group's fence will not come (its deadline and the grace period passed, or the connection went
   * down). The lines since the last fence are the group's first commands', in order; where every command of
   * the group answers lines of a known shape (groups.ts), they are exactly those commands' own, and those
   * commands are answered. The commands after the last answered one end `end`; returns the first of them.
   */
  const cutShort = (
    end: 'disconnected' | 'timed_out',
    reason: (i: number, first: number) => string,
  ): number => {
    let first = head;
    if (head < next) {
      const last = groupEnd[head] ?? head;
      const group = commands.slice(head, last + 1);
      const split = group.every(groupable) ? splitGroupLines(group, pending, false) : undefined;
      if (split) {
        let since = headSince;
        split.forEach((lines, k) => {
          const r = results[head + k]!;
          if (lines.length === 0) return;
          r.lines.push(...lines);
          r.end = 'answered';
          const at = lines[0]!.atMs ?? since;
          r.durationMs = Math.max(0, at - since);
          since = at;
          first = head + k + 1;
          options.onSettled?.(head + k, r);
        });
        if (first > head) options.onProgress?.(first, commands.length);
      } else {
        // a command whose lines are not counted, or lines that do not fit: whose they are is not known
        for (let k = head; k <= last; k++) results[k]!.lines.push(...pending);
      }
      pending.length = 0;
    }
    for (let i = first; i < next; i++) {
      const r = results[i]!;
      if (r.end === 'not_sent') {
        r.end = end;
        r.reason = reason(i, first);
      }
    }
    return first;
  };

  /** the reason of command `i`, timed out at the end of the grace period; `first` is the first without a reply */
  const timedOutReason = (i: number, first: number): string => {
    const last = groupEnd[head] ?? head;
    const size = last - head + 1;
    // lines came for the head group, and none was found to be one command's own: nobody is known to have answered
    const unsplit = first === head && results[head]!.lines.length > 0;
    if (unsplit && i <= last) {
      const n = results[i]!.lines.length;
      const lines = `${n} reply line${n === 1 ? '' : 's'}`;
      return size === 1
        ? `no reply from the server within ${timeoutMs} ms: its ${lines} came, but no fence followed, so whether it finished is not known`
        : `no reply from the server within ${headTimeout()} ms for its group of ${size} commands (${timeoutMs} ms each); ${lines} came for the group before the server stopped, and they did not fit one line per command, so which of its commands were answered is not known`;
    }
    if (i > first)
      return `no reply from the server within ${timeoutMs} ms after an earlier command timed out (the first ${unsplit ? 'whose reply is not known' : 'without a reply'}: ${named(first)})`;
    if (i > last)
      return `no reply from the server within ${timeoutMs} ms; every command before it was answered, then the server stopped answering, so it is the first command without a reply`;
    if (size === 1) return `no reply from the server within ${timeoutMs} ms`;
    const answered = first - head;
    const why =
      answered > 0
        ? `the ${answered} before it in the group were answered`
        : 'none of its group was answered';
    return `no reply from the server within ${headTimeout()} ms for its group of ${size} commands (${timeoutMs} ms each); ${why}, so it is the first command without a reply`;
  };

  const onClose = (reason: string) => {
    stopReason = `not sent: the connection went down (${reason})`;
    cutShort(
      'disconnected',
      () => `the connection went down before the server confirmed this command (${reason})`,
    );
    markUnsent();
    finish();
  };

  const onAbort = () => {
    stopReason = 'not sent: the request was cancelled';
    markUnsent();
    if (head >= next) finish();
    else schedule();
  };

  const markUnsent = () => {
    for (let i = next; i < results.length; i++) results[i]!.reason ??= stopReason ?? 'not sent';
  };

  const pump = () => {
    clearTimeout(paceTimer);
    paceTimer = undefined;
    while (
      stopReason === undefined &&
      graceUntil === undefined &&
      next < commands.length &&
      next - head < maxInFlight
    ) {
      // a group and its fence never need more room than the whole window has
      const room = Math.max(1, (options.budget?.capacity() ?? Infinity) - 1);
      const size = grouping ? groupSize(commands, next, Math.min(room, maxInFlight - (next - head))) : 1;
      const wait = options.budget?.delayFor(size + 1) ?? 0;
      if (wait > 0) {
        options.onPaced?.(options.budget!.pacingNote(), wait);
        paceTimer = setTimeout(pump, wait);
        break;
      }
      const last = next + size - 1;
      try {
        for (let i = next; i <= last; i++) channel.sendCommand(commands[i]!);
        channel.sendCommand(fenceHead + last + fenceTail);
      } catch (err) {
        onClose((err as Error).message);
        return;
      }
      if (next === head) headSince = now();
      groupEnd[next] = last;
      for (; next <= last; next++) {
        const r = results[next]!;
        r.sent = true;
        r.sentAtMs = now();
        // the batch may switch feedback: after a gamerule the line count is no longer known
        if (r.command.startsWith('gamerule')) grouping = false;
      }
    }
    if (head >= next && (next >= commands.length || stopReason !== undefined)) finish();
    else schedule();
  };

  // the head's deadline: each command of its group has the whole timeout, as it would with a fence of its own
  const headTimeout = () => timeoutMs * ((groupEnd[head] ?? head) - head + 1);

  // one timer at a time: a deadline only moves later while fences arrive, so a timer armed for an earlier
  // deadline stays, and when it fires early onDeadline arms the next (not a timer per fence)
  let timer: NodeJS.Timeout | undefined;
  let armed = false;
  const schedule = () => {
    if (armed || finished || head >= next) return;
    const deadline = graceUntil ?? headSince + headTimeout();
    armed = true;
    timer = setTimeout(onDeadline, Math.max(0, deadline - now()));
  };

  const onDeadline = () => {
    armed = false;
    if (finished || head >= next) return;
    if (graceUntil === undefined) {
      if (now() < headSince + headTimeout()) return schedule();
      // the server spent the whole deadline on the head group: send nothing more, give what is out one grace
      graceUntil = now() + timeoutMs;
      options.onLate?.(head, timeoutMs);
      return schedule();
    }
    if (now() < graceUntil) return schedule();
    const first = cutShort('timed_out', timedOutReason);
    stopReason ??=
      first < next
        ? `not sent: command ${first + 1} timed out`
        : `not sent: the server stopped answering after command ${first}`;
    markUnsent();
    finish();
  };

  const offMessage = channel.onMessage(onMessage);
  const offClose = channel.onClose(onClose);
  options.signal?.addEventListener('abort', onAbort);
  if (!channel.connected) onClose('not connected');
  else if (options.signal?.aborted) onAbort();
  else pump();
  await done;
  return results;
}
