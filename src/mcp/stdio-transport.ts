/**
 * The stdio transport of `mcbridge serve`: one JSON-RPC message per line, as the SDK's StdioServerTransport
 * reads them, with two differences.
 *
 * - A line is kept as the chunks it arrived in and joined once at its end. The SDK's read buffer copies
 *   everything read so far on every chunk: a 2 MB message in 64 kB chunks allocated some 35 MB of buffers
 *   before it was parsed (the 10,000-call fuzz's memory peak).
 * - A line longer than MAX_STDIO_MESSAGE_BYTES (the limit of an HTTP body) is dropped as it arrives, never
 *   held whole, and answered with a JSON-RPC error naming the limit (its request id is read from the
 *   line's last bytes, where the SDK's clients write it); the server goes on with the next line. The SDK's
 *   buffer closed the transport past 10 MiB, which ended the server.
 */
import type { Readable, Writable } from 'node:stream';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { serializeMessage, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { Transport, JSONRPCMessage } from '@modelcontextprotocol/server';

export const MAX_STDIO_MESSAGE_BYTES = 8 * 1024 * 1024;
/** how much of a dropped line's end is kept to find its id */
const TAIL_BYTES = 256;
const NEWLINE = 0x0a;
/** `"id": 7}` or `"id": "a"}` at the very end of a request (the SDK's clients write `id` last) */
const TRAILING_ID = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")\s*\}\s*$/;

export const tooLargeMessage = (bytes: number, max = MAX_STDIO_MESSAGE_BYTES) =>
  `message too large: ${bytes} bytes, at most ${max / 1024 / 1024} MiB per message on stdio; send less per call (e.g. split the commands over several calls)`;

export class LineStdioServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private size = 0;
  /** the line being read is past the limit: its bytes are counted and dropped, its end kept */
  private dropping = false;
  private tail: Buffer = Buffer.alloc(0);

  constructor(
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    private readonly maxBytes = MAX_STDIO_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
  }

  private readonly onStreamError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer) => {
    let from = 0;
    for (;;) {
      const end = chunk.indexOf(NEWLINE, from);
      this.take(end === -1 ? chunk.subarray(from) : chunk.subarray(from, end));
      if (end === -1) return;
      this.endLine();
      from = end + 1;
    }
  };

  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    this.size += piece.length;
    if (!this.dropping && this.size > this.maxBytes) {
      this.dropping = true;
      this.chunks = [];
    }
    if (!this.dropping) this.chunks.push(piece);
    else {
      const joined = Buffer.concat([this.tail, piece]);
      this.tail = Buffer.from(joined.subarray(Math.max(0, joined.length - TAIL_BYTES)));
    }
  }

  private endLine(): void {
    const { chunks, size, dropping, tail } = this;
    this.chunks = [];
    this.size = 0;
    this.dropping = false;
    this.tail = Buffer.alloc(0);
    if (dropping) return this.refuse(size, tail.toString('utf8'));
    const line = Buffer.concat(chunks, size).toString('utf8').replace(/\r$/, '');
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    this.onmessage?.(message);
  }

  /** answers a dropped request with the limit; a line without an id (a notification) is only reported */
  private refuse(bytes: number, end: string): void {
    const text = tooLargeMessage(bytes, this.maxBytes);
    const idText = TRAILING_ID.exec(end.replace(/\r$/, ''))?.[1];
    let id: string | number | undefined;
    try {
      id = idText === undefined ? undefined : (JSON.parse(idText) as string | number);
    } catch {
      id = undefined;
    }
    if (id === undefined) {
      this.onerror?.(new Error(`${text} (no request id found; not answered)`));
      return;
    }
    void this.send({
      jsonrpc: '2.0',
      id,
      error: { code: ProtocolErrorCode.InvalidRequest, message: text },
    }).catch((error: unknown) => this.onerror?.(error as Error));
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(serializeMessage(message))) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.chunks = [];
    this.onclose?.();
  }
}
