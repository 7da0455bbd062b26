/**
 * The loaded area said as the chunks it is: the rectangles of `areas` cover exactly the chunks held, those of
 * `notLoaded` exactly the box's other chunks, and the text names the box with its holes or the parts,
 * whichever is shorter.
 */
import { describe, expect, test } from 'vitest';
import { type LoadedArea, loadedArea } from '../../src/connection/loaded-area.js';
import { loadedAreaText } from '../../src/mcp/tools/connection-info-text.js';

/** every chunk of `rects`, as "x,z" chunk keys */
const chunksOf = (rects: LoadedArea['areas']) => {
  const out: string[] = [];
  for (const r of rects)
    for (let x = r.min.x; x <= r.max.x; x += 16)
      for (let z = r.min.z; z <= r.max.z; z += 16) out.push(`${x / 16},${z / 16}`);
  return out;
};

/** the chunks within a circle around (0, 0): the shape vanilla sends */
const disc = (radius: number, cx = 0, cz = 0) => {
  const out: Array<[number, number]> = [];
  for (let x = -radius; x <= radius; x++)
    for (let z = -radius; z <= radius; z++)
      if (x * x + z * z <= radius * radius + 1) out.push([cx + x, cz + z]);
  return out;
};

describe('loadedArea', () => {
  test.each([
    [
      'a full square',
      Array.from({ length: 9 }, (_, i) => [(i % 3) - 1, Math.floor(i / 3) - 1] as [number, number]),
    ],
    ['a disc', disc(5)],
    ['a disc off the origin', disc(3, -7, 12)],
    ['two discs apart (the bot moved)', [...disc(2), ...disc(2, 9, 0)]],
    [
      'a square with its middle missing',
      [
        [0, 0],
        [1, 0],
        [2, 0],
        [0, 1],
        [2, 1],
        [0, 2],
        [1, 2],
        [2, 2],
      ] as Array<[number, number]>,
    ],
  ])('%s: areas are exactly the chunks held, notLoaded exactly the rest of the box', (_, chunks) => {
    const area = loadedArea(chunks)!;
    const held = new Set(chunks.map(([x, z]) => `${x},${z}`));
    const areas = chunksOf(area.areas);
    expect(new Set(areas)).toEqual(held);
    expect(areas).toHaveLength(held.size); // no chunk in two rectangles
    const holes = chunksOf(area.notLoaded);
    expect(holes.filter((k) => held.has(k))).toEqual([]);
    const boxChunks = ((area.max.x - area.min.x + 1) / 16) * ((area.max.z - area.min.z + 1) / 16);
    expect(new Set(holes).size).toBe(holes.length);
    expect(holes.length + held.size).toBe(boxChunks);
    expect(area.chunks).toBe(held.size);
  });

  test('no chunks: no area', () => {
    expect(loadedArea([])).toBeUndefined();
  });
});

describe('its text', () => {
  test('a whole box is said as the box', () => {
    const area = loadedArea(
      Array.from({ length: 4 }, (_, i) => [i % 2, Math.floor(i / 2)] as [number, number]),
    )!;
    expect(loadedAreaText(area, 'bot.loaded')).toBe('x 0..31, z 0..31 (4 chunks, the whole box)');
  });

  test('a box of 11 × 11 chunks without its four corners names the four corners (the 117 chunks of a view distance of 5)', () => {
    const chunks: Array<[number, number]> = [];
    for (let x = -5; x <= 5; x++)
      for (let z = -4; z <= 6; z++) if (!(Math.abs(x) === 5 && (z === -4 || z === 6))) chunks.push([x, z]);
    const area = loadedArea(chunks)!;
    expect(area.chunks).toBe(117);
    expect(loadedAreaText(area, 'bot.loaded')).toBe(
      'x -80..95, z -64..111 except x -80..-65, z -64..-49; x 80..95, z -64..-49; x -80..-65, z 96..111; x 80..95, z 96..111 (117 chunks; those 4 are not loaded)',
    );
  });

  test('scattered chunks are said as their parts', () => {
    const area = loadedArea([...disc(1), ...disc(1, 10, 10)])!;
    const text = loadedAreaText(area, 'bot.loaded');
    expect(text).toBe('x -16..31, z -16..31; x 144..191, z 144..191 (18 chunks in 2 parts)');
    expect(text).not.toContain('except');
  });

  test('past eight parts, the text says how many more and where they are listed', () => {
    // a checkerboard: every part one chunk, holes as many
    const chunks: Array<[number, number]> = [];
    for (let x = 0; x < 6; x++) for (let z = 0; z < 6; z++) if ((x + z) % 2 === 0) chunks.push([x, z]);
    const area = loadedArea(chunks)!;
    expect(loadedAreaText(area, 'bot.loaded')).toMatch(/; and \d+ more \(bot\.loaded\.(areas|notLoaded)\)/);
  });
});
