/** A tiny Brigadier-style reader: the cursor positions it reports are the ones vanilla puts in its errors. */
import type { TextComponent } from '../../vocabulary/text/message.js';

/**
 * A command's failure as vanilla reports it: a key, its arguments, and for parse errors the cursor. It is
 * how the world answers a mistake, thousands of times a second in a busy batch, and always caught by the
 * dispatcher: it carries no stack trace (capturing one was most of the cost of a failed command).
 */
export class CommandSyntaxError extends Error {
  declare readonly name: 'CommandSyntaxError';
  readonly key: string;
  readonly args: TextComponent[];
  /** cursor into the command text, or undefined for errors raised while executing (no context line) */
  readonly cursor: number | undefined;
  constructor(key: string, args: TextComponent[] = [], cursor?: number) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(key);
    Error.stackTraceLimit = limit;
    this.key = key;
    this.args = args;
    this.cursor = cursor;
  }
}
Object.defineProperty(CommandSyntaxError.prototype, 'name', { value: 'CommandSyntaxError' });

export class StringReader {
  cursor = 0;
  constructor(readonly input: string) {}

  canRead(length = 1): boolean {
    return this.cursor + length <= this.input.length;
  }
  peek(offset = 0): string {
    return this.input.charAt(this.cursor + offset);
  }
  skip(): void {
    this.cursor++;
  }
  remaining(): string {
    return this.input.slice(this.cursor);
  }
  skipWhitespace(): void {
    while (this.canRead() && this.peek() === ' ') this.skip();
  }
  fail(key: string, args: TextComponent[] = [], cursor = this.cursor): CommandSyntaxError {
    return new CommandSyntaxError(key, args, cursor);
  }

  /** Reads up to the next space. */
  readUnquoted(): string {
    const start = this.cursor;
    while (this.canRead() && this.peek() !== ' ') this.skip();
    return this.input.slice(start, this.cursor);
  }

  readInt(): number {
    const start = this.cursor;
    while (this.canRead() && /[0-9.+-]/.test(this.peek())) this.skip();
    const text = this.input.slice(start, this.cursor);
    if (text === '') throw this.fail('parsing.int.expected');
    if (!/^[+-]?\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Math.abs(Number(text)) > 2 ** 31) {
      this.cursor = start;
      throw this.fail('parsing.int.invalid', [text]);
    }
    return Number(text);
  }

  readDouble(): number {
    const start = this.cursor;
    while (this.canRead() && /[0-9.+-]/.test(this.peek())) this.skip();
    const text = this.input.slice(start, this.cursor);
    if (text === '') throw this.fail('parsing.double.expected');
    const value = Number(text);
    if (!Number.isFinite(value) || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) {
      this.cursor = start;
      throw this.fail('parsing.double.invalid', [text]);
    }
    return value;
  }

  readBoolean(): boolean {
    const start = this.cursor;
    const word = this.readUnquoted();
    if (word === '') throw this.fail('parsing.bool.expected');
    if (word === 'true') return true;
    if (word === 'false') return false;
    this.cursor = start;
    throw this.fail('parsing.bool.invalid', [word]);
  }

  /** Brigadier: after an argument, either the end or a single space. */
  expectSeparatorOrEnd(): void {
    if (this.canRead() && this.peek() !== ' ') throw this.fail('command.expected.separator');
  }

  /** Moves past the separator before the next argument; false when the input ends here. */
  nextArgument(): boolean {
    if (!this.canRead()) return false;
    this.expectSeparatorOrEnd();
    this.skip();
    return true;
  }
}
