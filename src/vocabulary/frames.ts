/**
 * Splitting minecraft-protocol's byte stream into frames without exceptions. The splitter every
 * minecraft-protocol connection has (src/transforms/framing.js) reads each frame's length with protodef's
 * readVarInt, which throws a PartialReadError, an Error with a captured stack, whenever the bytes received
 * so far end at a frame boundary or inside a length: once per TCP read, on both ends of a connection.
 * `splitFramesWithoutThrowing` gives a connection's splitter the same splitting without them: mcbridge's
 * bots (src/connection) and the embedded world's side of each player's connection (src/world) use it.
 */

interface Splitter {
  buffer: Buffer;
  recognizeLegacyPing: boolean;
  push(chunk: Buffer): boolean;
  _transform(chunk: Buffer, encoding: string, callback: (err?: Error) => void): void;
}

const EMPTY = Buffer.alloc(0);
const PATCHED = Symbol('mcbridge.splitFramesWithoutThrowing');

/** Splits `buffer` into frames from the start; returns where the first incomplete frame begins. */
export function splitFrames(buffer: Buffer, push: (frame: Buffer) => void): number {
  let offset = 0;
  for (;;) {
    // the frame's length: a VarInt, 7 bits per byte, low group first, at most 5 bytes
    let length = 0;
    let size = 0;
    let complete = false;
    while (offset + size < buffer.length) {
      const byte = buffer[offset + size]!;
      length |= (byte & 0x7f) << (7 * size);
      size++;
      if ((byte & 0x80) === 0) {
        complete = true;
        break;
      }
      if (size === 5) throw new Error(`varint is too big: a frame length longer than 5 bytes at ${offset}`);
    }
    if (!complete || buffer.length < offset + size + length) return offset;
    push(buffer.subarray(offset + size, offset + size + length));
    offset += size + length;
  }
}

/** Gives the connection's splitter the exception-free splitting (once; before login it keeps its own). */
export function splitFramesWithoutThrowing(client: { splitter?: unknown }): void {
  const splitter = client.splitter as (Splitter & { [PATCHED]?: true }) | undefined;
  if (!splitter || splitter[PATCHED] || typeof splitter._transform !== 'function') return;
  const original = splitter._transform;
  splitter[PATCHED] = true;
  splitter._transform = function transform(this: Splitter, chunk, encoding, callback) {
    // the server-list ping of old clients has a frame of its own: only ever before login
    if (this.recognizeLegacyPing) return original.call(this, chunk, encoding, callback);
    const buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    try {
      const rest = splitFrames(buffer, (frame) => this.push(frame));
      this.buffer = rest === buffer.length ? EMPTY : buffer.subarray(rest);
    } catch (err) {
      return callback(err as Error);
    }
    callback();
  };
}
