/**
 * For servers that send plain text without translate keys: match a line against regexes generated from
 * the en_us templates of the server's version, most specific first, to recover the key and its
 * arguments; the rules table then decides. A few strings of stock flying-squid are listed by hand.
 */
import { languageFor, resolveLanguageVersion } from '../vocabulary/text/language.js';
import { findRule, type RuleStatus } from './rules.js';

export interface PlainTemplate {
  key: string;
  /** the en_us text the regex was generated from */
  template: string;
  regex: RegExp;
  /** for capture group i (from 0), the index of the argument it holds */
  argOrder: number[];
  /** the longest literal piece: a line without it cannot match (cheap pre-check) */
  anchor: string;
  /** characters of literal text: more is more specific */
  literalLength: number;
}

export interface PlainTextMatch {
  key: string;
  args: string[];
  template: string;
}

/** Key families whose templates are command feedback. */
export const FEEDBACK_KEY = /^(commands?|arguments?|parsing|permissions)\./;
/** templates with less literal text than this match almost anything: left out */
const MIN_LITERAL = 4;
/** lines longer than this are not matched (no template is this long; keeps the regexes cheap) */
const MAX_LINE = 4000;

const PLACEHOLDER = /%(?:(\d+)\$)?([sd%])/g;
const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One template → anchored regex: `%s`, `%1$s`, `%d` become captures, `%%` a percent sign, the rest literal. */
export function templateRegex(key: string, template: string): PlainTemplate {
  let pattern = '';
  let literal = '';
  let anchor = '';
  let next = 0;
  let last = 0;
  const argOrder: number[] = [];
  const addLiteral = (piece: string): void => {
    pattern += escapeRegex(piece);
    literal += piece;
  };
  for (const m of template.matchAll(PLACEHOLDER)) {
    const piece = template.slice(last, m.index);
    addLiteral(piece);
    if (piece.length > anchor.length) anchor = piece;
    last = m.index + m[0].length;
    if (m[2] === '%') {
      addLiteral('%');
      continue;
    }
    argOrder.push(m[1] === undefined ? next++ : Number(m[1]) - 1);
    pattern += '(.*?)';
  }
  const tail = template.slice(last);
  addLiteral(tail);
  if (tail.length > anchor.length) anchor = tail;
  return {
    key,
    template,
    regex: new RegExp(`^${pattern}$`, 's'),
    argOrder,
    anchor,
    literalLength: literal.replace(/\s/g, '').length,
  };
}

const tables = new Map<string, readonly PlainTemplate[]>();

/** Every usable feedback template of a version, most specific first (built once per language table). */
export function plainTextTemplates(version?: string): readonly PlainTemplate[] {
  const source = resolveLanguageVersion(version) ?? '';
  const cached = tables.get(source);
  if (cached) return cached;
  const lang = languageFor(version);
  const list: PlainTemplate[] = [];
  for (const [key, template] of Object.entries(lang)) {
    if (!FEEDBACK_KEY.test(key) || findRule(key)?.status === 'not_feedback') continue;
    const t = templateRegex(key, template);
    if (t.literalLength >= MIN_LITERAL) list.push(t);
  }
  list.sort((a, b) => b.literalLength - a.literalLength || a.argOrder.length - b.argOrder.length);
  tables.set(source, list);
  return list;
}

/** The key and arguments whose en_us template renders to this line, if any. */
export function matchPlainText(text: string, version?: string): PlainTextMatch | undefined {
  if (text.length > MAX_LINE) return undefined;
  for (const t of plainTextTemplates(version)) {
    if (!text.includes(t.anchor)) continue;
    const m = t.regex.exec(text);
    if (!m) continue;
    const args: string[] = [];
    t.argOrder.forEach((argIndex, group) => {
      args[argIndex] = m[group + 1] ?? '';
    });
    return { key: t.key, args: Array.from(args, (a) => a ?? ''), template: t.template };
  }
  return undefined;
}

export interface ForeignPlainRule {
  pattern: RegExp;
  /** the string as a person would quote it (reported as detail.matchedText) */
  label: string;
  status: Exclude<RuleStatus, 'not_feedback'>;
  reason: string;
}

/** Reply strings of stock flying-squid (lib/command.js, plugins/commands.js): every one is sent red. */
export const FOREIGN_PLAIN_RULES: readonly ForeignPlainRule[] = [
  {
    pattern: /^Command not found$/,
    label: 'Command not found',
    status: 'rejected_by_game',
    reason: 'flying-squid: no such command',
  },
  {
    pattern: /^Usage: /,
    label: 'Usage: …',
    status: 'rejected_by_game',
    reason: 'flying-squid: the arguments did not parse; it prints the usage',
  },
  {
    pattern: /^Bad syntax$/,
    label: 'Bad syntax',
    status: 'rejected_by_game',
    reason: 'flying-squid: the arguments did not parse',
  },
  {
    pattern: /^Error: /,
    label: 'Error: …',
    status: 'rejected_by_game',
    reason: 'flying-squid: the command threw a UserError',
  },
  {
    pattern: /^You do not have permission to use this command$/,
    label: 'You do not have permission to use this command',
    status: 'rejected_by_game',
    reason: 'flying-squid: not an operator',
  },
  {
    pattern: /^This command is (console|player) only$/,
    label: 'This command is console/player only',
    status: 'rejected_by_game',
    reason: 'flying-squid: wrong sender for this command',
  },
];

/**
 * Colour codes some servers leave in plain text: `§c`, and — on servers without translate keys only —
 * `&c`: stock flying-squid writes its replies as `&cCommand not found` and, from 1.20.3 on (NBT chat),
 * sends the `&` codes literally instead of converting them (its chat plugin converts them for JSON chat
 * only). Vanilla never interprets `&`, so keyed servers keep it as text.
 */
export const stripColourCodes = (text: string, ampersandCodes = false): string =>
  text.replace(ampersandCodes ? /[§&][0-9a-fk-or]/gi : /§[0-9a-fk-or]/gi, '');

/** true when plain text starts with the red colour code (`&c` too, on servers without keys) */
export const startsRed = (text: string, ampersandCodes = false): boolean =>
  (ampersandCodes ? /^([§&][k-or])*[§&]c/i : /^(§[k-or])*§c/i).test(text);

export function matchForeignPlainText(text: string): ForeignPlainRule | undefined {
  return FOREIGN_PLAIN_RULES.find((rule) => rule.pattern.test(text));
}
