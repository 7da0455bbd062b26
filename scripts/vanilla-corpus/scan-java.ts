/**
 * Reads one decompiled, Mojang-named Java file and finds every translation key it sends, with the call
 * that sends it. Not a Java parser: a tokenizer plus a stack of open calls is enough for the shapes
 * vanilla's command code uses (followed: net/minecraft/server/commands/*.java and
 * net/minecraft/commands/Commands.java of 1.21.4, 1.21.11 and 26.1.2):
 * - `source.sendSuccess(() -> Component.translatable(KEY, …), broadcast)` → a bare line, hidden when
 *   sendCommandFeedback is off;
 * - `source.sendFailure(Component.translatable(KEY, …))` → a red line;
 * - `new XCommandExceptionType(… Component.translatable(KEY, …))`, or `ERROR.create(Component.translatable(KEY))`
 *   → thrown, sent red by Commands.performCommand (with a context line when created with a reader);
 * - a key inside the arguments of another key's component is part of that line, not a line of its own;
 * - a key built by concatenation (`"commands.forceload." + (add ? "added" : "removed") + ".single"`) is a
 *   pattern, expanded later against the version's en_us keys;
 * - a key outside any send (a helper's return value, a local variable, an argument of a helper call) is
 *   "indirect": it takes the sends in which that helper, variable or field is used.
 */
import { type Token, tokenize } from './tokenize.js';

export type { Token } from './tokenize.js';

export type SendKind = 'success' | 'failure' | 'exception' | 'system';

export interface KeyUse {
  /** a literal key, or a RegExp source when the key is concatenated */
  key: string;
  pattern: boolean;
  line: number;
  /** how the line carrying it is sent; undefined = indirect (see `via`) */
  send?: SendKind;
  /** the key is an argument inside another key's component */
  nested: boolean;
  /** an indirect key reaches a send through these names: the variable or field it is assigned to, or the
   * method that returns it (looked up where they are used inside a send) */
  via: string[];
  /** an indirect key passed to this helper, which relays its key argument to a send */
  viaCall?: string;
  /** the exception field it belongs to (for parse-error detection) */
  exceptionField?: string;
  /** the literal is the key argument of a Component.translatable call (not any key-like string) */
  translatableKey: boolean;
}

export interface FileScan {
  uses: KeyUse[];
  /** name → how it is sent wherever it is used inside a send (methods, fields, variables) */
  sentNames: Map<string, Set<SendKind>>;
  /** names used inside another component's arguments within a send: pieces of a line */
  partNames: Set<string>;
  /** helper methods whose body sends a line with a non-literal key, and how */
  dynamicSenders: Map<string, Set<SendKind>>;
  /** exception fields thrown with a reader position (`FIELD.createWithContext(`) */
  withContext: Set<string>;
  /** the first `Commands.literal("…")`: the command the file registers */
  literal?: string;
}

export const KEY_FAMILY = /^(commands?|arguments?|parsing|permissions)\./;
const KEYISH = /^\.?[a-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]*)*\.?$/;
const TRANSLATABLE = new Set(['translatable', 'translatableEscape', 'translatableWithFallback']);

interface Frame {
  open: number;
  callee?: string;
  receiver?: string;
  isNew: boolean;
  arg: number;
  kind?: SendKind | 'translatable' | 'call' | undefined;
}

function frameKind(f: Frame): Frame['kind'] {
  const { callee, receiver } = f;
  if (!callee) return undefined;
  // 26.3's CommandResponseTracker: `tracker.sendFeedback(source, broadcast, RESPONSES, …)` throws the
  // messages' zero-case exception or sends sendSuccess(() -> the single or multiple component)
  if (callee === 'sendSuccess' || callee === 'sendFeedback') return 'success';
  // …and CommandResponseTracker.messages(zeroCase, single, multiple) builds nothing else: a Messages' components
  // are only ever sent by sendFeedback (a Messages may reach it through a helper's parameter: TitleCommand)
  if (callee === 'messages' && receiver === 'CommandResponseTracker') return 'success';
  if (callee === 'sendFailure') return 'failure';
  if (callee === 'sendSystemMessage' || callee === 'broadcastSystemMessage') return 'system';
  if (f.isNew && callee.endsWith('CommandExceptionType')) return 'exception';
  if (
    (callee === 'create' || callee === 'createWithContext') &&
    receiver &&
    /^[A-Z][A-Z0-9_]*$/.test(receiver)
  )
    return 'exception';
  if (TRANSLATABLE.has(callee)) return 'translatable';
  return 'call';
}

const isStr = (tok: Token | undefined): tok is Extract<Token, { t: 'str' }> => tok?.t === 'str';
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An operand of a key concatenation: `(cond ? "a" : "b")` is either literal, anything else any key segments. */
function operandPattern(tokens: Token[], k: number): string {
  if (tokens[k]?.v !== '(') return '[A-Za-z0-9_.]+';
  const literals: string[] = [];
  let depth = 0;
  for (let j = k; j < tokens.length; j++) {
    const tok = tokens[j] as Token;
    if (tok.t === 'p' && tok.v === '(') depth++;
    if (tok.t === 'p' && tok.v === ')' && --depth === 0) break;
    if (isStr(tok)) literals.push(escape(tok.v));
  }
  return literals.length >= 2 ? `(?:${literals.join('|')})` : '[A-Za-z0-9_.]+';
}

/** The operands of the `+` chain around token i, within one argument (stops at , ; ? : and brackets). */
function concatenation(tokens: Token[], i: number): string | undefined {
  const stop = (tok: Token | undefined) =>
    !tok || (tok.t === 'p' && [',', ';', '?', ':', '(', '{', '=', '>', '&', '|'].includes(tok.v));
  const close = (tok: Token | undefined) => tok?.t === 'p' && [',', ';', '?', ':', ')', '}'].includes(tok.v);
  let start = i;
  let end = i;
  // walk left over `X +` operands, skipping balanced parentheses
  for (let j = i - 1; j >= 0;) {
    if (!(tokens[j]?.t === 'p' && tokens[j]?.v === '+')) break;
    let k = j - 1;
    let depth = 0;
    while (k >= 0) {
      const tok = tokens[k] as Token;
      if (tok.t === 'p' && tok.v === ')') depth++;
      else if (tok.t === 'p' && tok.v === '(') {
        if (depth === 0) break;
        depth--;
      } else if (depth === 0 && stop(tok)) break;
      k--;
    }
    start = k + 1;
    j = k;
  }
  for (let j = i + 1; j < tokens.length;) {
    if (!(tokens[j]?.t === 'p' && tokens[j]?.v === '+')) break;
    let k = j + 1;
    let depth = 0;
    while (k < tokens.length) {
      const tok = tokens[k] as Token;
      if (tok.t === 'p' && tok.v === '(') depth++;
      else if (tok.t === 'p' && tok.v === ')') {
        if (depth === 0) break;
        depth--;
      } else if (depth === 0 && (close(tok) || (tok.t === 'p' && tok.v === '+'))) break;
      k++;
    }
    end = k - 1;
    j = k;
  }
  if (start === i && end === i) return undefined;
  // literals stay literal; every other operand (a call, a ternary in parentheses) is one or more key segments
  let pattern = '';
  let depth = 0;
  let inOperand = false;
  for (let k = start; k <= end; k++) {
    const tok = tokens[k] as Token;
    if (tok.t === 'p' && tok.v === '(') depth++;
    if (tok.t === 'p' && tok.v === ')') depth--;
    if (depth === 0 && tok.t === 'p' && tok.v === '+') {
      inOperand = false;
      continue;
    }
    if (depth === 0 && isStr(tok) && !inOperand) pattern += escape(tok.v);
    else if (!inOperand) {
      pattern += operandPattern(tokens, k);
      inOperand = true;
    }
    if (isStr(tok) && depth === 0) inOperand = false;
  }
  return pattern;
}

/**
 * The indent of a class's members: the smallest indent in the file (3 spaces in the 1.21.x and 26.1.2
 * trees, 4 in CFR's output, e.g. 26.3's), comments left out.
 */
function memberIndent(lines: readonly string[]): number {
  let min = Infinity;
  for (const text of lines) {
    // not a comment's ` * ` (CFR's header)
    const n = /^ +(?=[^\s*])/.exec(text)?.[0].length;
    if (n !== undefined && n < min) min = n;
  }
  return Number.isFinite(min) ? min : 3;
}

/** The method (or field) whose body holds line-start position `at`: a declaration at member indent. */
function enclosingMember(lines: readonly string[], line: number, indent = 3): string | undefined {
  const member = new RegExp(`^ {${indent}}(?=\\S)[^=(;]*? (\\w+)\\s*(\\(|=)`);
  for (let l = line - 1; l >= 0; l--) {
    const text = lines[l] ?? '';
    const m = member.exec(text);
    if (m) return m[1];
  }
  return undefined;
}

export function scanJava(src: string): FileScan {
  const tokens = tokenize(src);
  const lines = src.split('\n');
  const indent = memberIndent(lines);
  const uses: KeyUse[] = [];
  const sentNames = new Map<string, Set<SendKind>>();
  const partNames = new Set<string>();
  const dynamicSenders = new Map<string, Set<SendKind>>();
  const withContext = new Set<string>();
  const stack: Frame[] = [];
  const add = (map: Map<string, Set<SendKind>>, name: string, kind: SendKind) => {
    if (!map.has(name)) map.set(name, new Set());
    map.get(name)?.add(kind);
  };
  // fields handed to Component.translatable as its key in a `return` (`return Component.translatable(this.F, …)`)
  const keyFieldReturners = new Map<string, string[]>();
  for (let i = 0; i < tokens.length - 4; i++) {
    const tok = tokens[i] as Token;
    if (tok.t !== 'id' || !TRANSLATABLE.has(tok.v) || tokens[i + 1]?.v !== '(') continue;
    const field = tokens[i + 2]?.v === 'this' && tokens[i + 3]?.v === '.' ? tokens[i + 4] : tokens[i + 2];
    const after = tokens[i + 2]?.v === 'this' ? tokens[i + 5] : tokens[i + 3];
    if (field?.t !== 'id' || after?.t !== 'p' || (after.v !== ',' && after.v !== ')')) continue;
    if (!/return\s+Component\.translatable/.test(lines[tok.line - 1] ?? '')) continue;
    // the innermost method declaration above (it may sit in a nested class, deeper than member indent)
    let member: string | undefined;
    for (let l = tok.line - 2; l >= 0 && !member; l--)
      member = /^\s+(?:public|private|protected)[^=;]*?\s(\w+)\s*\(/.exec(lines[l] ?? '')?.[1];
    if (member) keyFieldReturners.set(field.v, [...(keyFieldReturners.get(field.v) ?? []), member]);
  }
  let literal: string | undefined;
  let lastAssigned: string | undefined;
  let statementStart = 0;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i] as Token;
    const prev = tokens[i - 1];
    if (tok.t === 'p' && tok.v === '(') {
      const callee = prev?.t === 'id' ? prev.v : undefined;
      const dot = tokens[i - 2];
      const recv = dot?.t === 'p' && dot.v === '.' ? tokens[i - 3] : undefined;
      const frame: Frame = {
        open: i,
        isNew: tokens[i - 2]?.t === 'id' && tokens[i - 2]?.v === 'new',
        arg: 0,
        ...(callee ? { callee } : {}),
        ...(recv?.t === 'id' ? { receiver: recv.v } : {}),
      };
      frame.kind = frameKind(frame);
      if (callee === 'createWithContext' && recv?.t === 'id') withContext.add(recv.v);
      if (callee === 'literal' && recv?.t === 'id' && recv.v === 'Commands' && isStr(tokens[i + 1]))
        literal ??= tokens[i + 1]?.v;
      stack.push(frame);
      continue;
    }
    if (tok.t === 'p' && tok.v === ')') {
      stack.pop();
      continue;
    }
    if (tok.t === 'p' && tok.v === ',' && stack.length) (stack[stack.length - 1] as Frame).arg++;
    if (tok.t === 'p' && (tok.v === ';' || tok.v === '{' || tok.v === '}')) {
      lastAssigned = undefined;
      statementStart = i + 1;
    }
    if (tok.t === 'p' && tok.v === '=' && prev?.t === 'id' && tokens[i + 1]?.v !== '=') lastAssigned = prev.v;
    const send = [...stack].reverse().find((f) => f.kind && f.kind !== 'translatable' && f.kind !== 'call');
    const sendKind = send?.kind as SendKind | undefined;
    if (tok.t === 'id' && send && sendKind) {
      const inComponent = stack.slice(stack.indexOf(send) + 1).some((f) => f.kind === 'translatable');
      if (inComponent) partNames.add(tok.v);
      else add(sentNames, tok.v, sendKind);
    }
    if (!isStr(tok) || !KEYISH.test(tok.v)) continue;
    const pattern = concatenation(tokens, i);
    const key = pattern ?? tok.v;
    if (!pattern && !KEY_FAMILY.test(tok.v)) continue;
    if (pattern && !/^(commands?|arguments?|parsing|permissions|\[)/.test(pattern)) continue;
    // already recorded as part of this concatenation
    if (pattern && uses.some((u) => u.pattern && u.key === key && u.line === tok.line)) continue;
    const direct = stack[stack.length - 1]?.kind === 'translatable' && stack[stack.length - 1]?.arg === 0;
    // a prefix a helper completes later (`this.key = "commands.advancement." + name`): the sends that
    // complete it are recorded where they happen
    if (pattern?.endsWith('[A-Za-z0-9_.]+') && !(direct && send)) {
      // …unless it is kept in a field that a method hands to Component.translatable and returns
      // (26.3's ExperienceCommand.Type: `this.queryTranslationKey = "commands.experience.query." + name`,
      // `return Component.translatable(this.queryTranslationKey, …)`): the key goes where that method goes
      const returners = lastAssigned ? keyFieldReturners.get(lastAssigned) : undefined;
      if (returners && !uses.some((u) => u.key === pattern && u.line === tok.line))
        uses.push({
          key: pattern,
          pattern: true,
          line: tok.line,
          nested: false,
          via: returners,
          translatableKey: true,
        });
      continue;
    }
    const top = stack[stack.length - 1];
    const translatables = send
      ? stack.slice(stack.indexOf(send) + 1).filter((f) => f.kind === 'translatable')
      : stack.filter((f) => f.kind === 'translatable');
    const member = enclosingMember(lines, tok.line, indent);
    // `return Component.translatable(KEY)` at statement level: the method stands for the key
    const returned = tokens[statementStart]?.v === 'return' && !stack.some((f) => f.kind === 'call');
    const via = [returned ? member : undefined, lastAssigned].filter((v): v is string => v !== undefined);
    const use: KeyUse = {
      key,
      pattern: pattern !== undefined,
      line: tok.line,
      // inside a send, a component assigned to a variable is a piece the line is built from
      nested:
        translatables.length > 1 ||
        (!direct && translatables.length > 0) ||
        (send !== undefined &&
          lastAssigned !== undefined &&
          !send.isNew &&
          // the field a CommandResponseTracker.messages(…) is assigned to holds the line, not a piece of it
          !(send.callee === 'messages' && send.receiver === 'CommandResponseTracker')),
      via,
      translatableKey: direct,
    };
    if (send && direct && !use.nested) use.send = sendKind as SendKind;
    if (top?.kind === 'call' && top.callee) use.viaCall = top.callee;
    if (send && sendKind === 'exception') {
      // `NAME = new XCommandExceptionType(…)`, or `NAME.create(…)`
      const named = tokens[send.open - 3]?.v === '=' ? tokens[send.open - 4] : undefined;
      const field = send.isNew ? (named?.t === 'id' ? named.v : lastAssigned) : send.receiver;
      if (field) use.exceptionField = field;
    }
    if (sendKind && translatables[0] && top === translatables[0] && !direct && !isStr(tokens[top.open + 1]))
      add(dynamicSenders, member ?? '', sendKind);
    uses.push(use);
  }
  // a send whose key is not a literal (`Component.translatable(successMessageKey, …)`): its method relays keys
  for (let i = 0; i < tokens.length - 2; i++) {
    const tok = tokens[i] as Token;
    if (tok.t === 'id' && TRANSLATABLE.has(tok.v) && tokens[i + 1]?.v === '(' && tokens[i + 2]?.t === 'id') {
      const member = enclosingMember(lines, tok.line, indent);
      const around = lines.slice(Math.max(0, tok.line - 6), tok.line).join('\n');
      const kind: SendKind | undefined = /sendSuccess/.test(around)
        ? 'success'
        : /sendFailure/.test(around)
          ? 'failure'
          : /ExceptionType|\.create\(/.test(around)
            ? 'exception'
            : undefined;
      if (member && kind) add(dynamicSenders, member, kind);
    }
  }
  return { uses, sentNames, partNames, dynamicSenders, withContext, ...(literal ? { literal } : {}) };
}
