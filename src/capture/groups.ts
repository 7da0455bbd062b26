/**
 * One fence for a group of commands whose reply lines are known in advance, and the split of the group's
 * lines back to its commands. With sendCommandFeedback on, setblock, fill and clone answer every run with
 * exactly one line, success or failure (net/minecraft/server/commands/SetBlockCommand.java, FillCommand.java,
 * CloneCommand.java: one sendSuccess, or one thrown CommandSyntaxException = one red line); a parse error adds
 * a second line, the context line (`command.context.here`, net/minecraft/commands/Commands.java
 * performCommand), whose click event names the command. When the lines do not fit that shape the split
 * refuses, and the caller says so instead of guessing.
 */
import { argsAsText, isRedWrapped, messageComponent } from '../vocabulary/text/component.js';
import type { CapturedMessage, TextComponent } from '../vocabulary/text/message.js';

/** commands that answer exactly one line (two for a parse error) while feedback is on */
const ONE_LINE = /^(setblock|fill|clone)\s/;

/** commands per fence at most: a group that times out or drops takes its commands with it */
export const MAX_GROUP = 8;

export const groupable = (command: string): boolean => ONE_LINE.test(command);

/** How many commands from `start` share one fence: a run of groupable commands, at most `max`. */
export function groupSize(commands: readonly string[], start: number, max: number): number {
  if (!groupable(commands[start] ?? '')) return 1;
  let end = start + 1;
  while (end < commands.length && end - start < Math.min(max, MAX_GROUP) && groupable(commands[end]!)) end++;
  return end - start;
}

function keys(c: TextComponent | undefined): string[] {
  if (c === undefined || c === null || typeof c !== 'object') return [];
  if (Array.isArray(c)) return c.flatMap(keys);
  const own = typeof c.translate === 'string' ? [c.translate] : [];
  const wrapped = (c as Record<string, unknown>)[''] as TextComponent | undefined;
  return [...own, ...keys(c.extra), ...keys(wrapped)];
}

/** The command a context line offers to suggest again, if it says. */
function suggested(c: TextComponent | undefined): string | undefined {
  if (c === undefined || c === null || typeof c !== 'object') return undefined;
  if (Array.isArray(c)) {
    for (const part of c) {
      const found = suggested(part);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const click = c.clickEvent ?? (c['click_event'] as typeof c.clickEvent);
  const value = click?.value ?? (click as { command?: unknown } | undefined)?.command;
  if (click?.action === 'suggest_command' && typeof value === 'string') return value.replace(/^\//, '');
  return suggested(c.extra);
}

const isContext = (m: CapturedMessage): boolean => keys(m.component).includes('command.context.here');

const INTEGER = /^-?\d+$/;

/**
 * A first line `command` can answer: a red failure, or its own command's success or failure key; a setblock's
 * success names the block's position, which must be the command's where it gives plain coordinates. Another
 * op's tellraw, or a line of a command silenced since, does not pass for this command's reply.
 */
function canAnswer(command: string, line: CapturedMessage): boolean {
  if (isRedWrapped(line.component)) return true;
  const message = messageComponent(line.component);
  const [name, ...args] = command.trim().split(/\s+/);
  if (message?.translate === undefined || !message.translate.startsWith(`commands.${name}.`)) return false;
  if (message.translate !== 'commands.setblock.success') return true;
  const at = args.slice(0, 3);
  if (!at.every((a) => INTEGER.test(a))) return true;
  const said = argsAsText(message, {});
  return at.every((a, i) => Number(a) === Number(said[i]));
}

/**
 * The lines of each command of a group, or undefined when they cannot be told apart exactly: one line per
 * command, each optionally followed by the context line of that same command. `complete: false` accepts
 * fewer lines than commands (the group was cut short before its fence): the lines that came are the first
 * commands', and each of those commands' first line — the one that says what it did — is whole. A complete
 * group of one needs no shape (its fence closed its lines); a cut one must have the shape too.
 */
export function splitGroupLines(
  commands: readonly string[],
  lines: readonly CapturedMessage[],
  complete = true,
): CapturedMessage[][] | undefined {
  if (commands.length === 1 && complete) return [[...lines]];
  const out: CapturedMessage[][] = commands.map(() => []);
  let k = -1;
  for (const line of lines) {
    if (isContext(line)) {
      if (k < 0) return undefined;
      // the click event holds "/" + the whole command, even when the shown text is cut
      const named = suggested(line.component);
      if (named !== undefined && named !== commands[k]) return undefined;
      out[k]!.push(line);
      continue;
    }
    k++;
    if (k >= commands.length) return undefined;
    // cut short, nothing counts the lines: each must be one its command can answer
    if (!complete && !canAnswer(commands[k]!, line)) return undefined;
    out[k]!.push(line);
  }
  if (complete && k !== commands.length - 1) return undefined;
  return out;
}
