/** The analyzer reads what was built from the writes and their outcomes, never from the words. */
import { describe, expect, test } from 'vitest';
import { analyzeBuild } from '../../src/hints/batch/analyze.js';
import type { BuildContext, HintEntry } from '../../src/hints/context.js';
import { formatBox } from '../../src/hints/geometry.js';
import { batch, floor, fourWalls, ok, refused, roof, unanswered, unchanged } from './helpers.js';

const rooms = (ctx: BuildContext) =>
  ctx.rooms.map((r) => ({
    box: formatBox(r.box),
    interior: formatBox(r.interior),
    source: r.source,
    floor: r.hasFloor,
    roof: r.hasRoof,
    doors: r.doors.map((d) => d.side),
    windows: [...new Set(r.windows.map((w) => w.side))],
    doorways: r.doorways.map((d) => d.side),
    lit: r.lights.length > 0,
  }));

type RoomView = ReturnType<typeof rooms>[number];

const room = (over: Partial<RoomView> = {}): RoomView => ({
  box: '(0,64,0)–(6,68,6)',
  interior: '(1,65,1)–(5,67,5)',
  source: 'hollow',
  floor: true,
  roof: true,
  doors: [],
  windows: [],
  doorways: [],
  lit: false,
  ...over,
});

const hollow = 'fill 0 64 0 6 68 6 minecraft:stone hollow';

describe('rooms', () => {
  test.each<[string, HintEntry[], ReturnType<typeof rooms>]>([
    ['a hollow fill is a room with floor and roof', batch(ok(hollow)), [room()]],
    [
      'an outline fill is a room',
      batch(ok('fill 0 64 0 6 68 6 minecraft:stone outline')),
      [room({ source: 'outline' })],
    ],
    [
      'four walls, floor and roof enclose a room',
      batch(ok(floor), ...fourWalls.map((c) => ok(c)), ok(roof)),
      [room({ source: 'walls' })],
    ],
    [
      'four walls alone are a room without floor or roof',
      batch(...fourWalls.map((c) => ok(c))),
      [room({ source: 'walls', box: '(0,65,0)–(6,67,6)', floor: false, roof: false })],
    ],
    [
      'walls whose ends do not meet enclose nothing',
      batch(
        ok('fill 0 65 1 0 67 5 minecraft:stone'),
        ok('fill 6 65 1 6 67 5 minecraft:stone'),
        ok('fill 1 65 0 5 67 0 minecraft:stone'),
        ok('fill 1 65 6 5 67 6 minecraft:stone'),
      ),
      [],
    ],
    [
      'a pillar closing the corners makes the walls a room',
      batch(
        ok('fill 0 65 1 0 67 5 minecraft:stone'),
        ok('fill 6 65 1 6 67 5 minecraft:stone'),
        ok('fill 1 65 0 5 67 0 minecraft:stone'),
        ok('fill 1 65 6 5 67 6 minecraft:stone'),
        ...['0 65 0 0 67 0', '6 65 0 6 67 0', '0 65 6 0 67 6', '6 65 6 6 67 6'].map((b) =>
          ok(`fill ${b} minecraft:oak_log`),
        ),
      ),
      [room({ source: 'walls', box: '(0,65,0)–(6,67,6)', floor: false, roof: false })],
    ],
    [
      'a room with door (both halves), window and light',
      batch(
        ok(hollow),
        ok('setblock 3 65 0 minecraft:oak_door[facing=south,half=lower]'),
        ok('setblock 3 66 0 minecraft:oak_door[facing=south,half=upper]'),
        ok('setblock 0 66 3 minecraft:glass_pane[north=true,south=true]'),
        ok('setblock 3 65 3 minecraft:lantern'),
      ),
      [room({ doors: ['north'], windows: ['west'], lit: true })],
    ],
    [
      'glowstone in the ceiling lights the room',
      batch(ok(hollow), ok('setblock 3 68 3 minecraft:glowstone')),
      [room({ lit: true })],
    ],
    [
      'a light outside the room does not light it',
      batch(ok(hollow), ok('setblock 3 65 9 minecraft:torch')),
      [room()],
    ],
    [
      'an unlit redstone lamp is no light',
      batch(ok(hollow), ok('setblock 3 68 3 minecraft:redstone_lamp')),
      [room()],
    ],
    [
      'a lit redstone lamp is a light',
      batch(ok(hollow), ok('setblock 3 68 3 minecraft:redstone_lamp[lit=true]')),
      [room({ lit: true })],
    ],
    [
      'a glass room has windows on every side',
      batch(ok('fill 0 64 0 6 68 6 minecraft:glass hollow')),
      [room({ windows: ['north', 'south', 'west', 'east'] })],
    ],
    [
      'air cut 2 high from the floor is a doorway',
      batch(ok(hollow), ok('fill 3 65 6 3 66 6 minecraft:air')),
      [room({ doorways: ['south'] })],
    ],
    [
      'a solid box carved out with air is a room',
      batch(ok('fill 0 64 0 6 68 6 minecraft:stone'), ok('fill 1 65 1 5 67 5 minecraft:air')),
      [room({ source: 'carved' })],
    ],
    [
      'carved through the top it has no roof',
      batch(ok('fill 0 64 0 6 68 6 minecraft:stone'), ok('fill 1 65 1 5 68 5 minecraft:air')),
      [room({ source: 'carved', interior: '(1,65,1)–(5,68,5)', roof: false })],
    ],
    [
      'a wall across the middle makes two rooms, not three',
      batch(
        ok('fill 0 65 0 0 67 6 minecraft:stone'),
        ok('fill 6 65 0 6 67 6 minecraft:stone'),
        ok('fill 12 65 0 12 67 6 minecraft:stone'),
        ok('fill 0 65 0 12 67 0 minecraft:stone'),
        ok('fill 0 65 6 12 67 6 minecraft:stone'),
      ),
      [
        room({ source: 'walls', box: '(0,65,0)–(6,67,6)', floor: false, roof: false }),
        room({
          source: 'walls',
          box: '(6,65,0)–(12,67,6)',
          interior: '(7,65,1)–(11,67,5)',
          floor: false,
          roof: false,
        }),
      ],
    ],
  ])('%s', (_name, entries, expected) => {
    expect(rooms(analyzeBuild(entries))).toEqual(expected);
  });
});

describe('what counts', () => {
  test.each<[string, HintEntry, number]>([
    ['applied', ok(hollow), 1],
    ['rejected by the game', refused(hollow, 'argument.block.id.invalid', ['minecraft:stonee']), 0],
    ['rejected with noChange: the room is already there', unchanged(hollow), 1],
    ['unknown: nobody knows', unanswered(hollow), 0],
  ])('a hollow fill that was %s gives %i room(s)', (_name, entry, n) => {
    expect(analyzeBuild(batch(entry)).rooms).toHaveLength(n);
  });

  test.each<[string, HintEntry, Array<{ status: string; verification?: string }>]>([
    ['applied', ok(hollow), [{ status: 'applied' }]],
    ['applied and verified', ok(hollow, 'verified'), [{ status: 'applied', verification: 'verified' }]],
    ['unanswered', unanswered(hollow), [{ status: 'uncertain' }]],
    ['refused', refused(hollow, 'commands.fill.toobig', ['32768', '40000']), []],
    ['already there', unchanged(hollow), []],
  ])('a command %s touches %j', (_name, entry, expected) => {
    const touched = analyzeBuild(batch(entry)).touched;
    expect(
      touched.map(({ status, verification }) => ({ status, ...(verification ? { verification } : {}) })),
    ).toEqual(expected);
    for (const t of touched) expect(formatBox(t.box)).toBe('(0,64,0)–(6,68,6)');
  });

  test('refused and unchanged commands are listed with their key and args', () => {
    const ctx = analyzeBuild(
      batch(
        ok(hollow),
        refused('setblock 1 1 1 stonee', 'argument.block.id.invalid', ['minecraft:stonee']),
        unchanged(hollow),
      ),
    );
    expect(ctx.rejected).toEqual([
      expect.objectContaining({ entry: 1, key: 'argument.block.id.invalid', args: ['minecraft:stonee'] }),
    ]);
    expect(ctx.noChange).toEqual([expect.objectContaining({ entry: 2, key: 'commands.fill.failed' })]);
  });
});

describe('parts', () => {
  test('door halves pair by column; a lone half is an incomplete door', () => {
    const ctx = analyzeBuild(
      batch(
        ok('setblock 3 65 0 minecraft:oak_door[facing=south,half=lower]'),
        ok('setblock 3 66 0 minecraft:oak_door[facing=south,half=upper]'),
        ok('setblock 9 65 0 minecraft:spruce_door[facing=north]'),
      ),
    );
    expect(
      ctx.doors.map((d) => ({ name: d.block.name, complete: d.complete, lower: d.lower, upper: d.upper })),
    ).toEqual([
      {
        name: 'minecraft:oak_door',
        complete: true,
        lower: { x: 3, y: 65, z: 0 },
        upper: { x: 3, y: 66, z: 0 },
      },
      { name: 'minecraft:spruce_door', complete: false, lower: { x: 9, y: 65, z: 0 }, upper: undefined },
    ]);
  });

  test('a door written over later is gone', () => {
    const ctx = analyzeBuild(
      batch(ok('setblock 3 65 0 minecraft:oak_door'), ok('fill 0 64 0 6 68 6 minecraft:stone')),
    );
    expect(ctx.doors).toEqual([]);
  });

  test('a wall built in two pieces is one wall', () => {
    const ctx = analyzeBuild(
      batch(ok('fill 0 65 0 0 67 3 minecraft:stone'), ok('fill 0 65 4 0 67 6 minecraft:stone')),
    );
    expect(ctx.walls.map((w) => ({ plane: w.plane, box: formatBox(w.box), entries: w.entries }))).toEqual([
      { plane: 'x', box: '(0,65,0)–(0,67,6)', entries: [0, 1] },
    ]);
  });

  test.each<[string, string[], Array<'floor' | 'roof'>]>([
    ['a lone slab is a floor', ['fill 0 64 0 6 64 6 minecraft:stone'], ['floor']],
    ['floor and roof of a walled room', [floor, ...fourWalls, roof], ['floor', 'roof']],
    ['a slab on top of walls is a roof', [...fourWalls, roof], ['roof']],
  ])('%s', (_name, commands, roles) => {
    expect(analyzeBuild(batch(...commands.map((c) => ok(c)))).slabs.map((s) => s.role)).toEqual(roles);
  });

  test.each<[string, string[], Array<{ corner: { x: number; z: number }; fills: string[] }>]>([
    [
      'a wall stopping two short of the corner',
      ['fill 0 65 0 0 67 6 minecraft:stone', 'fill 3 65 0 8 67 0 minecraft:stone'],
      [{ corner: { x: 0, z: 0 }, fills: ['(1,65,0)–(2,67,0)'] }],
    ],
    [
      'an open corner between two walls ending next to it',
      ['fill 0 65 1 0 67 5 minecraft:stone', 'fill 1 65 0 5 67 0 minecraft:stone'],
      [{ corner: { x: 0, z: 0 }, fills: ['(0,65,0)–(0,67,0)'] }],
    ],
    ['walls that meet', ['fill 0 65 0 0 67 6 minecraft:stone', 'fill 1 65 0 8 67 0 minecraft:stone'], []],
    ['walls far apart', ['fill 0 65 0 0 67 6 minecraft:stone', 'fill 5 65 0 8 67 0 minecraft:stone'], []],
    [
      'a gap already closed by a block',
      [
        'fill 0 65 0 0 67 6 minecraft:stone',
        'fill 2 65 0 8 67 0 minecraft:stone',
        'fill 1 65 0 1 67 0 minecraft:oak_log',
      ],
      [],
    ],
  ])('gaps: %s', (_name, commands, expected) => {
    const gaps = analyzeBuild(batch(...commands.map((c) => ok(c)))).gaps;
    expect(gaps.map((g) => ({ corner: g.corner, fills: g.fills.map((f) => formatBox(f.box)) }))).toEqual(
      expected,
    );
  });
});

describe('windows', () => {
  test.each<[string, string[], number]>([
    [
      'glass in a standalone wall is a window',
      ['fill 0 65 0 6 67 0 minecraft:stone', 'setblock 3 66 0 minecraft:glass'],
      1,
    ],
    ['a glass wall is a window', ['fill 0 65 0 6 67 0 minecraft:glass'], 1],
    [
      'glass in a room side is a window',
      ['fill 0 64 0 6 68 6 minecraft:stone hollow', 'setblock 6 66 3 minecraft:glass_pane'],
      1,
    ],
    [
      'glass in a roof is not',
      ['fill 0 64 0 6 68 6 minecraft:stone hollow', 'setblock 3 68 3 minecraft:glass'],
      0,
    ],
    ['a glass block on its own is not', ['setblock 3 66 3 minecraft:glass'], 0],
  ])('%s', (_name, commands, n) => {
    expect(analyzeBuild(batch(...commands.map((c) => ok(c)))).windows).toHaveLength(n);
  });
});

test('many walled rooms in one batch are all found (no cap on walls considered below 512 per axis)', () => {
  const commands = Array.from({ length: 30 }, (_, i) => {
    const [x, z] = [(i % 6) * 12, Math.floor(i / 6) * 12];
    return [
      `fill ${x} 65 ${z} ${x} 67 ${z + 6} minecraft:stone`,
      `fill ${x + 6} 65 ${z} ${x + 6} 67 ${z + 6} minecraft:stone`,
      `fill ${x + 1} 65 ${z} ${x + 5} 67 ${z} minecraft:stone`,
      `fill ${x + 1} 65 ${z + 6} ${x + 5} 67 ${z + 6} minecraft:stone`,
    ];
  }).flat();
  expect(analyzeBuild(batch(...commands.map((c) => ok(c)))).rooms).toHaveLength(30);
});
