/**
 * The bot's frame splitting without exceptions gives exactly the frames of minecraft-protocol's own splitter
 * (src/transforms/framing.js), however the bytes are cut into reads; and the coalescer corks a socket for
 * the rest of the tick only.
 */
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createServer, type Socket, connect } from 'node:net';
import { expect, test } from 'vitest';
import { Coalescer } from '../../src/connection/frames.js';
import { splitFrames, splitFramesWithoutThrowing } from '../../src/vocabulary/frames.js';

// the splitter minecraft-protocol gives every client (no exports map: the file is public to require)
const framing = createRequire(import.meta.url)('minecraft-protocol/src/transforms/framing.js') as {
  createSplitter(): NodeJS.ReadWriteStream & { recognizeLegacyPing: boolean };
  createFramer(): NodeJS.ReadWriteStream;
};

/** frames of 1, 127, 128 and 300 bytes: one- and two-byte lengths, the edges of a VarInt byte (a packet is never empty) */
function framed(): { frames: Buffer[]; bytes: Buffer } {
  const frames = [1, 127, 128, 300, 5].map((n, i) => Buffer.alloc(n, i + 1));
  const parts: Buffer[] = [];
  for (const f of frames) {
    let n = f.length;
    const len: number[] = [];
    do {
      len.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
      n >>>= 7;
    } while (n > 0);
    parts.push(Buffer.from(len), f);
  }
  return { frames, bytes: Buffer.concat(parts) };
}

async function split(patched: boolean, reads: Buffer[]): Promise<Buffer[]> {
  const splitter = framing.createSplitter();
  splitter.recognizeLegacyPing = false;
  if (patched) splitFramesWithoutThrowing({ splitter });
  const out: Buffer[] = [];
  splitter.on('data', (frame: Buffer) => out.push(Buffer.from(frame)));
  for (const r of reads) splitter.write(r);
  await new Promise((r) => setImmediate(r));
  return out;
}

test('splitFrames returns the frames and where the incomplete one starts', () => {
  const { frames, bytes } = framed();
  const got: Buffer[] = [];
  expect(splitFrames(bytes, (f) => got.push(f))).toBe(bytes.length);
  expect(got).toEqual(frames);
  // cut inside the 300-byte frame's two-byte length: the frames before it, and its offset
  const at = bytes.indexOf(Buffer.from([0xac, 0x02]));
  const before: Buffer[] = [];
  expect(splitFrames(bytes.subarray(0, at + 1), (f) => before.push(f))).toBe(at);
  expect(before).toEqual(frames.slice(0, 3));
});

test('a length longer than a VarInt is an error, not a hang', () => {
  expect(() => splitFrames(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0x01]), () => {})).toThrow(/varint/);
});

test('cut into reads of every size, the patched splitter gives the frames the original gives', async () => {
  const { frames, bytes } = framed();
  for (const size of [1, 2, 3, 7, 64, 129, 1000]) {
    const reads: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += size) reads.push(bytes.subarray(i, i + size));
    const original = await split(false, reads);
    expect(original).toEqual(frames);
    expect(await split(true, reads)).toEqual(original);
  }
});

test('the coalescer corks the socket for this tick only, and what was written arrives whole', async () => {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  const accepted = once(server, 'connection');
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const [peer] = (await accepted) as [Socket];
  const received: Buffer[] = [];
  peer.on('data', (d: Buffer) => received.push(d));
  const coalescer = new Coalescer(() => socket);
  coalescer.hold();
  coalescer.hold(); // a second hold in the same tick changes nothing
  expect(socket.writableCorked).toBe(1);
  for (let i = 0; i < 3; i++) socket.write(Buffer.from([i]));
  expect(socket.writableLength).toBe(3); // held, not written yet
  await new Promise((r) => process.nextTick(r));
  expect(socket.writableCorked).toBe(0);
  while (Buffer.concat(received).length < 3) await once(peer, 'data');
  expect([...Buffer.concat(received)]).toEqual([0, 1, 2]);
  socket.destroy();
  peer.destroy();
  server.close();
});
