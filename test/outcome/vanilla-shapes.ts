/**
 * The lines vanilla sends for a key, shape by shape, as they reach the bot (JSON after NBT → JSON), and
 * the status each shape means — taken from vanilla's code, not from our rule table:
 * - sendSuccess / sendSystemMessage: a bare component → the command did what it says (applied);
 * - sendFailure / a CommandExceptionType: `{"text":"","color":"red","extra":[…]}` (Commands.performCommand
 *   sends `ComponentUtils.fromMessage(e.getRawMessage())` through sendFailure) → not applied;
 * - a parse error: the same red line, then the context line (`…<--[HERE]`, red) → rejected;
 * - a key inside another key's line, a suggestion tooltip, a chat decoration: decides nothing alone.
 */
import { readFileSync } from 'node:fs';
import type { CapturedMessage, TextComponent } from '../../src/vocabulary/text/message.js';

export type Shape =
  | 'success'
  | 'system'
  | 'failure'
  | 'exception'
  | 'parse_error'
  | 'part_of_line'
  | 'context_line'
  | 'suggestion_tooltip'
  | 'chat_decoration';

export interface CorpusEntry {
  key: string;
  commands: string[];
  shapes: Shape[];
  files: string[];
}

export interface Corpus {
  version: string;
  keys: CorpusEntry[];
  unresolved: string[];
  /** keys the code sends that the tree's en_us lacks (26.3's tree borrows 26.1.2's en_us) */
  notInLanguage?: string[];
}

export const CORPUS_VERSIONS = ['1.21.4', '1.21.11', '26.1.2', '26.3'] as const;

export function loadCorpus(version: string): Corpus {
  return JSON.parse(
    readFileSync(new URL(`./fixtures/vanilla-${version}.json`, import.meta.url), 'utf8'),
  ) as Corpus;
}

/** what a shape means for the command, by vanilla's own handling */
export type Meaning = 'applied' | 'not_applied' | 'parse_error' | 'decides_nothing';

export const MEANING: Readonly<Record<Shape, Meaning>> = {
  success: 'applied',
  system: 'applied',
  failure: 'not_applied',
  exception: 'not_applied',
  parse_error: 'parse_error',
  part_of_line: 'decides_nothing',
  context_line: 'parse_error',
  suggestion_tooltip: 'decides_nothing',
  chat_decoration: 'decides_nothing',
};

const PLACEHOLDER = /%(?:(\d+)\$)?[sd]/g;
export function argCount(template: string): number {
  let sequential = 0;
  let highest = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (m[1] === undefined) sequential++;
    else highest = Math.max(highest, Number(m[1]));
  }
  return Math.max(sequential, highest);
}

/** the argument shapes a 1.20.3+ server produces once its NBT is turned back into JSON */
export function argShape(i: number): { arg: TextComponent; text: string } {
  const n = 10 + i;
  switch (i % 4) {
    case 0:
      return { arg: n, text: String(n) };
    case 1:
      return { arg: { '': n } as TextComponent, text: String(n) };
    case 2:
      return { arg: `name${i}`, text: `name${i}` };
    default:
      return { arg: { text: `comp${i}`, color: 'green' }, text: `comp${i}` };
  }
}

const line = (component: TextComponent): CapturedMessage => ({ component, text: '', overlay: false });
/** Commands.performCommand: every failure goes through sendFailure, which wraps it in red */
export const redWrapped = (inner: TextComponent): TextComponent => ({
  text: '',
  color: 'red',
  extra: [inner],
});

/** the context line of a parse error, as Commands.performCommand builds it (then sendFailure wraps it) */
export function contextLine(command: string): TextComponent {
  return redWrapped({
    text: '',
    color: 'gray',
    clickEvent: { action: 'suggest_command', value: `/${command}` },
    extra: [
      { text: `...${command.slice(-10)}` },
      { text: '', color: 'red', underlined: true },
      { translate: 'command.context.here', color: 'red', italic: true },
    ],
  });
}

/** The lines one shape of a key produces. */
export function linesFor(shape: Shape, inner: TextComponent, command: string): CapturedMessage[] {
  switch (shape) {
    case 'success':
    case 'system':
      return [line(inner)];
    case 'failure':
    case 'exception':
      return [line(redWrapped(inner))];
    case 'parse_error':
      return [line(redWrapped(inner)), line(contextLine(command))];
    case 'context_line':
      // alone: the error line before it was lost
      return [line(contextLine(command))];
    case 'part_of_line':
    case 'suggestion_tooltip':
    case 'chat_decoration':
      // inside a success line of another key: `commands.list.players` carries names, buttons, entries
      return [line({ translate: 'commands.list.players', with: [1, 2, inner] })];
  }
}
