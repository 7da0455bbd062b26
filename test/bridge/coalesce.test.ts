/** Writes gathered per turn of the event loop (src/bridge/coalesce.ts), on a real stream. */
import { Duplex } from 'node:stream';
import { expect, test } from 'vitest';
import { WritesPerTurn } from '../../src/bridge/coalesce.js';

/** A stream that records each write it is handed: one array per write, of the chunks in it */
function recordingStream() {
  const writes: string[][] = [];
  const stream = new Duplex({
    read() {},
    write(chunk, _encoding, done) {
      writes.push([String(chunk)]);
      done();
    },
    writev(chunks, done) {
      writes.push(chunks.map((c) => String(c.chunk)));
      done();
    },
  });
  return { stream, writes };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

test('the frames written in one turn leave in one write, in order; the next turn writes again', async () => {
  const { stream, writes } = recordingStream();
  const turn = new WritesPerTurn(stream);
  const frames = Array.from({ length: 100 }, (_, i) => `frame ${i}`);
  for (const frame of frames) {
    turn.hold();
    stream.write(frame);
  }
  expect(writes).toEqual([]);
  await nextTurn();
  expect(writes).toEqual([frames]);
  turn.hold();
  stream.write('next');
  await nextTurn();
  expect(writes).toEqual([frames, ['next']]);
});

test('a stream ended within the turn still writes what was held, and holding a destroyed one does nothing', async () => {
  const { stream, writes } = recordingStream();
  const turn = new WritesPerTurn(stream);
  turn.hold();
  stream.write('last');
  stream.end();
  await nextTurn();
  expect(writes.flat()).toEqual(['last']);
  stream.destroy();
  expect(() => turn.hold()).not.toThrow();
});
