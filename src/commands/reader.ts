/**
 * A cursor over one command's text, Brigadier style. Parse failures are thrown as `ParseFailure` inside
 * the parser only; `parseCommand` turns them into a value, so nothing outside `src/commands` sees them.
 */
export class ParseFailure extends Error {
  override readonly name = 'ParseFailure' as const;
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const NUMBER_CHAR = /[0-9.+-]/;
// Brigadier's unquoted string alphabet
const UNQUOTED_CHAR = /[0-9A-Za-z_.+-]/;
// resource locations: namespace:path
const RESOURCE_CHAR = /[0-9a-z_.:/-]/;

export class Reader {
  cursor = 0;
  constructor(readonly input: string) {}

  canRead(length = 1): boolean {
    return this.cursor + length <= this.input.length;
  }
  peek(offset = 0): string {
    return this.input.charAt(this.cursor + offset);
  }
  skip(count = 1): void {
    this.cursor += count;
  }
  atEnd(): boolean {
    return !this.canRead();
  }
  remaining(): string {
    return this.input.slice(this.cursor);
  }
  /** The failure to throw. It is caught in parseCommand, so it carries no stack trace (capturing one was the
   * larger part of parsing a batch full of mistakes). */
  fail(message: string, position = this.cursor): ParseFailure {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      return new ParseFailure(message, position);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }

  /** Spaces between arguments. Brigadier wants exactly one; accepting more only makes us see more. */
  skipSpaces(): void {
    while (this.peek() === ' ') this.skip();
  }

  /** A separator is required before the next argument; returns false at the end of the text. */
  nextArgument(): boolean {
    if (this.atEnd()) return false;
    if (this.peek() !== ' ') throw this.fail(`expected a space, found "${this.peek()}"`);
    this.skipSpaces();
    return !this.atEnd();
  }

  expectArgument(what: string): void {
    if (!this.nextArgument()) throw this.fail(`expected ${what}`);
  }

  expectEnd(): void {
    this.skipSpaces();
    if (!this.atEnd()) throw this.fail(`unexpected trailing text "${this.remaining().slice(0, 32)}"`);
  }

  /** Text up to the next space. */
  readWord(): string {
    const start = this.cursor;
    while (this.canRead() && this.peek() !== ' ') this.skip();
    return this.input.slice(start, this.cursor);
  }

  readUnquoted(): string {
    const start = this.cursor;
    while (this.canRead() && UNQUOTED_CHAR.test(this.peek())) this.skip();
    return this.input.slice(start, this.cursor);
  }

  readResource(): string {
    const start = this.cursor;
    while (this.canRead() && RESOURCE_CHAR.test(this.peek())) this.skip();
    const text = this.input.slice(start, this.cursor);
    if (text === '' || text.split(':').length > 2) throw this.fail('expected a resource location', start);
    return text;
  }

  /** A quoted (`"…"`, `'…'`) or unquoted string. */
  readString(): string {
    const quote = this.peek();
    if (quote !== '"' && quote !== "'") return this.readUnquoted();
    const start = this.cursor;
    this.skip();
    let out = '';
    while (this.canRead()) {
      const c = this.peek();
      this.skip();
      if (c === '\\') {
        if (!this.canRead()) break;
        out += this.peek();
        this.skip();
      } else if (c === quote) {
        return out;
      } else {
        out += c;
      }
    }
    throw this.fail('unclosed quoted string', start);
  }

  readNumberText(): string {
    const start = this.cursor;
    while (this.canRead() && NUMBER_CHAR.test(this.peek())) this.skip();
    return this.input.slice(start, this.cursor);
  }

  readDouble(): number {
    const start = this.cursor;
    const text = this.readNumberText();
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) throw this.fail(`expected a number, found "${text}"`, start);
    return Number(text);
  }

  readInt(): number {
    const start = this.cursor;
    const text = this.readNumberText();
    const value = Number(text);
    if (!/^[+-]?\d+$/.test(text) || Math.abs(value) > 2 ** 31) {
      throw this.fail(`expected an integer, found "${text}"`, start);
    }
    return value;
  }

  /**
   * A bracketed block (`[…]` or `{…}`) with nesting and quoted strings, returned as written. Used for
   * block states, NBT, item components and selector options, whose insides we do not need to understand.
   */
  readBalanced(): string {
    const start = this.cursor;
    const stack: string[] = [];
    while (this.canRead()) {
      const c = this.peek();
      if (c === '"' || c === "'") {
        this.readString();
        continue;
      }
      this.skip();
      if (c === '[' || c === '{') stack.push(c === '[' ? ']' : '}');
      else if (c === ']' || c === '}') {
        if (stack.pop() !== c) throw this.fail(`unbalanced "${c}"`, this.cursor - 1);
        if (stack.length === 0) return this.input.slice(start, this.cursor);
      } else if (stack.length === 0) {
        throw this.fail('expected "[" or "{"', start);
      }
    }
    throw this.fail('unclosed bracket', start);
  }

  /** Text up to the next space outside quotes and brackets (NBT paths, predicates, JSON-ish arguments). */
  readToken(): string {
    const start = this.cursor;
    while (this.canRead() && this.peek() !== ' ') {
      const c = this.peek();
      if (c === '"' || c === "'") this.readString();
      else if (c === '[' || c === '{') this.readBalanced();
      else this.skip();
    }
    return this.input.slice(start, this.cursor);
  }

  /** Reads one of the given literals (followed by a space or the end), or fails. */
  readLiteral<T extends string>(options: readonly T[], what: string): T {
    const start = this.cursor;
    const word = this.readWord();
    const found = options.find((o) => o === word);
    if (found === undefined)
      throw this.fail(`expected ${what} (${options.join('|')}), found "${word}"`, start);
    return found;
  }

  /** Tries a literal without consuming anything when it is not there. */
  tryLiteral(literal: string): boolean {
    const next = this.input.charAt(this.cursor + literal.length);
    if (this.input.startsWith(literal, this.cursor) && (next === '' || next === ' ')) {
      this.skip(literal.length);
      return true;
    }
    return false;
  }
}

/**
 * A reader that lives as long as the process, so that the readers' hidden class does too. serve runs a full
 * collection between calls (src/cli/lean-heap.ts), when no call holds a reader. V8 keeps a hidden class only
 * while some object has it, so that collection dropped the readers' class, and V8 deoptimised every method it
 * had compiled against it ("embedded weak objects cleared" in `--trace-deopt`). Each call then parsed its
 * commands in slower code until V8 had compiled them again, on compiler threads that share two cores with the
 * world: in serve the check of the bench's 1,000 commands took 8 ms instead of 5.
 */
export const READER_KEPT_FOR_ITS_CLASS = new Reader('');
