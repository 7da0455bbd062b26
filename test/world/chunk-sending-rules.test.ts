/**
 * The rules vanilla 1.21.4 streams chunks by, one table each: which chunks a view holds
 * (ChunkTrackingView), which enter and leave when it moves, and how PlayerChunkSender paces its batches.
 */
import { describe, expect, test } from 'vitest';
import { ChunkTrackingView, chunkKey, holdsChunk } from '../../src/world/parity/chunk-tracking-view.js';
import { PlayerChunkSender } from '../../src/world/parity/player-chunk-sender.js';

const keys = (view: ChunkTrackingView) => {
  const out: string[] = [];
  view.forEach((x, z) => out.push(chunkKey(x, z)));
  return out;
};

describe('ChunkTrackingView', () => {
  test.each([
    // isWithinDistance with the outer ring: max(0, |d| - 2)² summed < view distance²
    { vd: 2, x: 3, z: 0, in: true },
    { vd: 2, x: 4, z: 0, in: false },
    { vd: 2, x: 3, z: 3, in: true },
    { vd: 2, x: 4, z: 3, in: false },
    { vd: 4, x: 5, z: 0, in: true },
    { vd: 4, x: 6, z: 0, in: false },
    { vd: 4, x: 4, z: 4, in: true },
    { vd: 4, x: 5, z: 4, in: true },
    { vd: 4, x: 5, z: 5, in: false },
  ])('view distance $vd around 0,0 holds $x,$z: $in', ({ vd, x, z, in: inside }) => {
    expect(new ChunkTrackingView({ x: 0, z: 0 }, vd).contains(x, z)).toBe(inside);
  });

  test('a view of 4 around 0,0 is the 11×11 square without its corners: 117 chunks', () => {
    const view = keys(new ChunkTrackingView({ x: 0, z: 0 }, 4));
    expect(view).toHaveLength(117);
    expect(view).not.toContain(chunkKey(5, 5));
  });

  test('moving one chunk adds the new edge and removes the old one; far away, all of each', () => {
    const from = new ChunkTrackingView({ x: 0, z: 0 }, 4);
    const added: string[] = [];
    const removed: string[] = [];
    ChunkTrackingView.difference(
      from,
      new ChunkTrackingView({ x: 1, z: 0 }, 4),
      (x, z) => added.push(chunkKey(x, z)),
      (x, z) => removed.push(chunkKey(x, z)),
    );
    expect(added.every((k) => Number(k.split(',')[0]) > 0)).toBe(true);
    expect(removed.every((k) => Number(k.split(',')[0]) < 0)).toBe(true);
    expect(added.length).toBe(removed.length);
    expect(added.length).toBeGreaterThan(0);

    const farAdded: string[] = [];
    const farRemoved: string[] = [];
    const to = new ChunkTrackingView({ x: 200, z: 0 }, 4);
    ChunkTrackingView.difference(
      from,
      to,
      (x, z) => farAdded.push(chunkKey(x, z)),
      (x, z) => farRemoved.push(chunkKey(x, z)),
    );
    expect(farAdded.sort()).toEqual(keys(to).sort());
    expect(farRemoved.sort()).toEqual(keys(from).sort());
  });

  test.each([
    { x: 6, z: -6, held: true },
    { x: 7, z: 0, held: false },
  ])('a player keeps chunks loaded out to the view distance plus two: $x,$z $held', ({ x, z, held }) => {
    expect(holdsChunk({ x: 0, z: 0 }, 4, x, z)).toBe(held);
  });
});

describe('PlayerChunkSender', () => {
  function sender() {
    const packets: string[] = [];
    const s = new PlayerChunkSender({
      center: () => ({ x: 0, z: 0 }),
      write: (name, data) =>
        packets.push(
          name === 'chunk_batch_finished' ? `finished ${(data as { batchSize: number }).batchSize}` : name,
        ),
      sendChunk: (x, z) => packets.push(`chunk ${x},${z}`),
    });
    return { s, packets };
  }

  test('nearest first, nine in the first batch, then one batch in flight until the client answers', () => {
    const { s, packets } = sender();
    for (let x = -3; x <= 3; x++) for (let z = -3; z <= 3; z++) s.markPending(x, z);
    s.sendNextChunks();
    expect(packets[0]).toBe('chunk_batch_start');
    expect(packets[1]).toBe('chunk 0,0');
    expect(packets.at(-1)).toBe('finished 9');
    expect(
      packets
        .filter((p) => p.startsWith('chunk '))
        .slice(1, 5)
        .sort(),
    ).toEqual(['chunk -1,0', 'chunk 0,-1', 'chunk 0,1', 'chunk 1,0']);
    packets.length = 0;
    s.sendNextChunks();
    expect(packets).toEqual([]);

    // the client takes 2 chunks a tick: from then on batches of 2, up to ten unanswered
    s.onBatchReceived(2);
    s.sendNextChunks();
    expect(packets.at(-1)).toBe('finished 2');
  });

  test('a pending chunk leaving the view is just forgotten; a sent one gets unload_chunk', () => {
    const { s, packets } = sender();
    s.markPending(0, 0);
    s.markPending(9, 9);
    s.sendNextChunks();
    packets.length = 0;
    s.drop(0, 0);
    expect(packets).toEqual(['unload_chunk']);
    packets.length = 0;
    s.markPending(5, 5);
    s.drop(5, 5);
    expect(packets).toEqual([]);
    expect(s.isPending(5, 5)).toBe(false);
  });

  test.each([
    { rate: Number.NaN, ticksForOne: 100 },
    { rate: 0.5, ticksForOne: 2 },
  ])('a client answering $rate chunks a tick gets one every $ticksForOne ticks', ({ rate, ticksForOne }) => {
    const { s, packets } = sender();
    s.markPending(0, 0);
    s.sendNextChunks();
    s.onBatchReceived(rate);
    for (let x = 1; x <= 3; x++) s.markPending(x, 0);
    packets.length = 0;
    let ticks = 0;
    while (!packets.includes('chunk_batch_start') && ticks < 1000) {
      s.sendNextChunks();
      ticks++;
    }
    // the answer left a quota of one chunk: the first goes at once, the next after the rate refills it
    expect(ticks).toBe(1);
    packets.length = 0;
    s.onBatchReceived(rate);
    ticks = 0;
    while (!packets.includes('chunk_batch_start') && ticks < 1000) {
      s.sendNextChunks();
      ticks++;
    }
    expect(ticks).toBe(1);
    packets.length = 0;
    ticks = 0;
    while (!packets.includes('chunk_batch_start') && ticks < 1000) {
      s.sendNextChunks();
      ticks++;
    }
    expect(ticks).toBeGreaterThanOrEqual(ticksForOne);
  });
});
