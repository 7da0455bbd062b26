/** Every rule of the table, one or more rows each: the batch, and the step the rule suggests for it. */
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import type { ExecutorPosition } from '../../src/commands/block-write.js';
import { analyzeBuild } from '../../src/hints/batch/analyze.js';
import type { HintEntry } from '../../src/hints/context.js';
import { type HintContext, RULES, type RuleOutput } from '../../src/hints/rules.js';
import { NextStepSchema } from '../../src/results/action-hints.js';
import { batch, floor, fourWalls, ok, refused, roof, unanswered, unchanged } from './helpers.js';

const require = createRequire(import.meta.url);

interface Extra {
  executor?: ExecutorPosition;
  bot?: { name?: string; operator?: boolean };
  target?: string;
}

const run = (id: string, entries: HintEntry[], extra: Extra = {}): RuleOutput | undefined => {
  const rule = RULES.find((r) => r.id === id);
  if (!rule) throw new Error(`no rule ${id}`);
  const ctx: HintContext = {
    build: analyzeBuild(entries),
    entries,
    tool: 'execute_commands',
    mcVersion: '1.21.4',
    ...extra,
  };
  return rule.when(ctx);
};

const steps = (out: RuleOutput | undefined) =>
  (out?.nextSteps ?? []).map((s) => ({
    action: s.action,
    optional: s.optional,
    relevance: s.relevance,
    ...(s.suggestedTool ? { tool: s.suggestedTool } : {}),
    ...(s.suggestedArgs ? { args: s.suggestedArgs } : {}),
  }));

const hollow = 'fill 0 64 0 6 68 6 minecraft:stone hollow';
const hollowAt2 = 'fill 2 64 2 8 68 8 minecraft:stone hollow';
const exec = (...commands: string[]) => ({ tool: 'execute_commands', args: { commands } });
const fullRoom = [
  hollow,
  'setblock 3 65 0 minecraft:oak_door[facing=south,half=lower]',
  'setblock 3 66 0 minecraft:oak_door[facing=south,half=upper]',
  'fill 2 66 6 4 66 6 minecraft:glass_pane[east=true,west=true]',
  'setblock 3 68 3 minecraft:glowstone',
];

type Row = [id: string, name: string, entries: HintEntry[], extra: Extra, expected: ReturnType<typeof steps>];

const rows: Row[] = [
  [
    'block-id-invalid',
    'a near miss is retyped with the closest real id',
    batch(
      refused('setblock 1 64 1 minecraft:oak_plank', 'argument.block.id.invalid', ['minecraft:oak_plank']),
    ),
    {},
    [
      {
        action: 'fix_block_id',
        optional: false,
        relevance: 0.95,
        ...exec('setblock 1 64 1 minecraft:oak_planks'),
      },
    ],
  ],
  [
    'block-id-invalid',
    'an id without namespace keeps its spelling',
    batch(refused('fill 0 64 0 2 64 2 stonne', 'argument.block.id.invalid', ['minecraft:stonne'])),
    {},
    [{ action: 'fix_block_id', optional: false, relevance: 0.95, ...exec('fill 0 64 0 2 64 2 stone') }],
  ],
  [
    'block-id-invalid',
    'nonsense gets no guess and no command',
    batch(
      refused('setblock 1 64 1 qqqqqqqqqqqqqqqqqqqq', 'argument.block.id.invalid', [
        'minecraft:qqqqqqqqqqqqqqqqqqqq',
      ]),
    ),
    {},
    [{ action: 'fix_block_id', optional: false, relevance: 0.95 }],
  ],
  [
    'fill-too-big',
    'a solid fill is cut into slabs within the limit',
    batch(refused('fill 0 0 0 99 9 99 minecraft:stone', 'commands.fill.toobig', ['32768', '100000'])),
    {},
    [
      {
        action: 'split_fill',
        optional: false,
        relevance: 0.95,
        ...exec(
          'fill 0 0 0 31 9 99 minecraft:stone',
          'fill 32 0 0 63 9 99 minecraft:stone',
          'fill 64 0 0 95 9 99 minecraft:stone',
          'fill 96 0 0 99 9 99 minecraft:stone',
        ),
      },
    ],
  ],
  [
    'fill-too-big',
    'the limit given by the server is used',
    batch(refused('fill 0 0 0 9 0 9 minecraft:stone keep', 'commands.fill.toobig', ['50', '100'])),
    {},
    [
      {
        action: 'split_fill',
        optional: false,
        relevance: 0.95,
        ...exec('fill 0 0 0 4 0 9 minecraft:stone keep', 'fill 5 0 0 9 0 9 minecraft:stone keep'),
      },
    ],
  ],
  [
    'resend-not-done',
    'unloaded chunks: a teleport above the area in a call of its own, then the refused commands in one',
    batch(
      refused('setblock 1000 64 1000 minecraft:stone', 'argument.pos.unloaded'),
      refused('fill 1001 64 1000 1003 66 1002 minecraft:stone', 'argument.pos.unloaded'),
    ),
    {},
    [
      { action: 'load_area', optional: false, relevance: 0.95, ...exec('tp 1001 68 1001') },
      {
        action: 'resend_commands',
        optional: false,
        relevance: 0.95,
        ...exec('setblock 1000 64 1000 minecraft:stone', 'fill 1001 64 1000 1003 66 1002 minecraft:stone'),
      },
    ],
  ],
  [
    'block-state-invalid',
    'a value the property does not take: its closest valid value',
    batch(
      refused('setblock 0 64 0 minecraft:oak_stairs[facing=nort]', 'argument.block.property.invalid', [
        'minecraft:oak_stairs',
        'nort',
        'facing',
      ]),
    ),
    {},
    [
      {
        action: 'fix_block_state',
        optional: false,
        relevance: 0.95,
        ...exec('setblock 0 64 0 minecraft:oak_stairs[facing=north]'),
      },
    ],
  ],
  [
    'pos-out-of-world',
    'above the build height',
    batch(refused('setblock 0 400 0 minecraft:stone', 'argument.pos.outofworld')),
    {},
    [{ action: 'fix_position', optional: false, relevance: 0.95 }],
  ],
  [
    'unknown-command',
    'a vanilla command refused to a bot known not to be op',
    batch(refused('fill 0 64 0 1 64 1 minecraft:stone', 'command.unknown.command')),
    { bot: { name: 'Builder', operator: false } },
    [{ action: 'op_bot', optional: false, relevance: 0.95 }],
  ],
  [
    'unknown-command',
    'a vanilla command refused, operator status unknown',
    batch(refused('setblock 0 64 0 minecraft:stone', 'command.unknown.command')),
    {},
    [{ action: 'op_bot', optional: false, relevance: 0.85 }],
  ],
  [
    'unknown-command',
    'the bot is op',
    batch(refused('fill 0 64 0 1 64 1 stone', 'command.unknown.command')),
    { bot: { operator: true } },
    [],
  ],
  ['unknown-command', 'not a vanilla command', batch(refused('flyy up', 'command.unknown.command')), {}, []],
  ['no-change', 'gives a module hint, no step', batch(unchanged(hollow)), {}, []],
  [
    'door-half-missing',
    'a lower half gets its upper half',
    batch(ok('setblock 3 65 0 minecraft:oak_door[facing=south]')),
    {},
    [
      {
        action: 'complete_door',
        optional: false,
        relevance: 0.9,
        ...exec('setblock 3 66 0 minecraft:oak_door[facing=south,half=upper]'),
      },
    ],
  ],
  [
    'door-half-missing',
    'an upper half gets its lower half',
    batch(ok('setblock 3 66 0 minecraft:birch_door[half=upper,facing=north]')),
    {},
    [
      {
        action: 'complete_door',
        optional: false,
        relevance: 0.9,
        ...exec('setblock 3 65 0 minecraft:birch_door[half=lower,facing=north]'),
      },
    ],
  ],
  [
    'bed-half-missing',
    'a foot gets its head, one block towards its facing',
    batch(ok('setblock 3 65 2 minecraft:red_bed[facing=south]')),
    {},
    [
      {
        action: 'complete_bed',
        optional: false,
        relevance: 0.85,
        ...exec('setblock 3 65 3 minecraft:red_bed[facing=south,part=head]'),
      },
    ],
  ],
  [
    'bed-half-missing',
    'both halves in one batch',
    batch(
      ok('setblock 3 65 2 minecraft:red_bed[facing=east,part=foot]'),
      ok('setblock 4 65 2 minecraft:red_bed[facing=east,part=head]'),
    ),
    {},
    [],
  ],
  [
    'unsupported-block',
    'the batch alone cannot tell what holds a torch (the world can)',
    batch(ok('setblock 3 70 1 minecraft:torch')),
    {},
    [],
  ],
  [
    'door-blocked-inside',
    'the batch alone cannot tell what stands in front of a door (the world can)',
    batch(...fullRoom.map((c) => ok(c)), ok('setblock 3 65 1 minecraft:chest')),
    {},
    [],
  ],
  [
    'room-without-door',
    'north side (lowest z), middle, both halves facing in',
    batch(ok(hollowAt2)),
    {},
    [
      {
        action: 'add_door',
        optional: true,
        relevance: 0.8,
        ...exec(
          'setblock 5 65 2 minecraft:oak_door[facing=south,half=lower]',
          'setblock 5 66 2 minecraft:oak_door[facing=south,half=upper]',
        ),
      },
    ],
  ],
  [
    'room-without-door',
    'on the side where the bot stands',
    batch(ok(hollowAt2)),
    { executor: { x: 20, y: 65, z: 5, yaw: 0, pitch: 0 } },
    [
      {
        action: 'add_door',
        optional: true,
        relevance: 0.8,
        ...exec(
          'setblock 8 65 5 minecraft:oak_door[facing=west,half=lower]',
          'setblock 8 66 5 minecraft:oak_door[facing=west,half=upper]',
        ),
      },
    ],
  ],
  [
    'room-without-door',
    'an existing doorway: optional, placed in it, with the target',
    batch(ok(hollow), ok('fill 2 65 6 2 66 6 minecraft:air')),
    { target: 'survival' },
    [
      {
        action: 'add_door',
        optional: true,
        relevance: 0.45,
        tool: 'execute_commands',
        args: {
          commands: [
            'setblock 2 65 6 minecraft:oak_door[facing=north,half=lower]',
            'setblock 2 66 6 minecraft:oak_door[facing=north,half=upper]',
          ],
          target: 'survival',
        },
      },
    ],
  ],
  ['room-without-door', 'a room with a door', batch(...fullRoom.map((c) => ok(c))), {}, []],
  ['room-without-door', 'too low for a door', batch(ok('fill 0 64 0 6 66 6 minecraft:stone hollow')), {}, []],
  [
    'wall-gap',
    'the short wall is extended to the corner',
    batch(ok('fill 0 65 0 0 67 6 minecraft:stone'), ok('fill 3 65 0 8 67 0 minecraft:cobblestone')),
    {},
    [
      {
        action: 'extend_wall',
        optional: true,
        relevance: 0.75,
        ...exec('fill 1 65 0 2 67 0 minecraft:cobblestone'),
      },
    ],
  ],
  ['wall-gap', 'walls of a closed room', batch(...fourWalls.map((c) => ok(c))), {}, []],
  [
    'room-without-roof',
    'a layer of the wall block over the walls',
    batch(...fourWalls.map((c) => ok(c))),
    {},
    [{ action: 'add_roof', optional: true, relevance: 0.7, ...exec('fill 0 68 0 6 68 6 minecraft:stone') }],
  ],
  ['room-without-roof', 'with a roof', batch(ok(floor), ...fourWalls.map((c) => ok(c)), ok(roof)), {}, []],
  [
    'room-without-floor',
    'optional: the ground may be the floor',
    batch(...fourWalls.map((c) => ok(c))),
    {},
    [{ action: 'add_floor', optional: true, relevance: 0.35, ...exec('fill 0 64 0 6 64 6 minecraft:stone') }],
  ],
  ['room-without-floor', 'a hollow room has one', batch(ok(hollow)), {}, []],
  [
    'dark-room',
    'glowstone into the ceiling',
    batch(ok(hollow)),
    {},
    [{ action: 'add_light', optional: true, relevance: 0.5, ...exec('setblock 3 68 3 minecraft:glowstone') }],
  ],
  [
    'dark-room',
    'no roof: a lantern on the floor',
    batch(...fourWalls.map((c) => ok(c))),
    {},
    [{ action: 'add_light', optional: true, relevance: 0.5, ...exec('setblock 3 65 3 minecraft:lantern') }],
  ],
  [
    'dark-room',
    'a big room gets a grid of lights',
    batch(ok('fill 0 64 0 16 68 9 minecraft:stone hollow')),
    {},
    [
      {
        action: 'add_light',
        optional: true,
        relevance: 0.5,
        ...exec(
          'setblock 3 68 3 minecraft:glowstone',
          'setblock 3 68 7 minecraft:glowstone',
          'setblock 8 68 3 minecraft:glowstone',
          'setblock 8 68 7 minecraft:glowstone',
          'setblock 13 68 3 minecraft:glowstone',
          'setblock 13 68 7 minecraft:glowstone',
        ),
      },
    ],
  ],
  ['dark-room', 'a lit room', batch(ok(hollow), ok('setblock 3 65 3 minecraft:torch')), {}, []],
  [
    'room-without-window',
    'glass panes at eye height, opposite the door',
    batch(ok(hollow)),
    {},
    [
      {
        action: 'add_window',
        optional: true,
        relevance: 0.4,
        ...exec('fill 2 66 6 4 66 6 minecraft:glass_pane[east=true,west=true]'),
      },
    ],
  ],
  [
    'room-without-window',
    'an east-west window connects north-south',
    batch(
      ok(hollow),
      ok('setblock 3 65 0 minecraft:oak_door[facing=south]'),
      ok('setblock 3 66 0 minecraft:oak_door[facing=south,half=upper]'),
      ok('fill 2 65 6 2 66 6 minecraft:air'),
    ),
    {},
    [
      {
        action: 'add_window',
        optional: true,
        relevance: 0.4,
        ...exec('fill 0 66 2 0 66 4 minecraft:glass_pane[north=true,south=true]'),
      },
    ],
  ],
  ['room-without-window', 'a room with a window', batch(...fullRoom.map((c) => ok(c))), {}, []],
  [
    'verify-written',
    'an applied write: read exactly its box',
    batch(ok(hollow)),
    {},
    [
      {
        action: 'verify_blocks',
        optional: true,
        relevance: 0.6,
        tool: 'get_blocks_in_area',
        args: { from: { x: 0, y: 64, z: 0 }, to: { x: 6, y: 68, z: 6 } },
      },
    ],
  ],
  ['verify-written', 'already verified', batch(ok(hollow, 'verified')), {}, []],
  [
    'verify-written',
    'verification found a mismatch',
    batch(ok('setblock 1 64 1 minecraft:stone', 'mismatch')),
    { target: 'main' },
    [
      {
        action: 'verify_blocks',
        optional: false,
        relevance: 0.9,
        tool: 'get_blocks_in_area',
        args: { from: { x: 1, y: 64, z: 1 }, to: { x: 1, y: 64, z: 1 }, target: 'main' },
      },
    ],
  ],
  [
    'verify-written',
    'no answer: it may have changed',
    batch(unanswered('setblock 1 64 1 minecraft:stone')),
    {},
    [
      {
        action: 'verify_blocks',
        optional: false,
        relevance: 0.85,
        tool: 'get_blocks_in_area',
        args: { from: { x: 1, y: 64, z: 1 }, to: { x: 1, y: 64, z: 1 } },
      },
    ],
  ],
  [
    'verify-written',
    'blocks inside a written box are read with it',
    batch(ok(hollow), ok('setblock 3 65 3 minecraft:torch')),
    {},
    [
      {
        action: 'verify_blocks',
        optional: true,
        relevance: 0.6,
        tool: 'get_blocks_in_area',
        args: { from: { x: 0, y: 64, z: 0 }, to: { x: 6, y: 68, z: 6 } },
      },
    ],
  ],
  [
    'verify-written',
    'many small writes: one bounding box',
    batch(...[0, 1, 2, 3, 4].map((i) => ok(`setblock ${i} 64 0 minecraft:stone`))),
    {},
    [
      {
        action: 'verify_blocks',
        optional: true,
        relevance: 0.6,
        tool: 'get_blocks_in_area',
        args: { from: { x: 0, y: 64, z: 0 }, to: { x: 4, y: 64, z: 0 } },
      },
    ],
  ],
  [
    'verify-written',
    'refused writes are not read',
    batch(refused(hollow, 'commands.fill.toobig', ['1', '245'])),
    {},
    [],
  ],
  [
    'rooms-built',
    'a finished room gives no step (a save suggestion)',
    batch(...fullRoom.map((c) => ok(c, 'verified'))),
    {},
    [],
  ],
];

describe('rules table', () => {
  test.each(rows)('%s: %s', (id, _name, entries, extra, expected) => {
    const out = run(id, entries, extra);
    expect(steps(out)).toEqual(expected);
    for (const s of out?.nextSteps ?? []) expect(NextStepSchema.parse(s)).toEqual(s);
  });

  test('every rule has a row', () => {
    const tested = new Set(rows.map((r) => r[0]));
    expect(RULES.map((r) => r.id).filter((id) => !tested.has(id))).toEqual([]);
  });

  test('rule ids are unique', () => {
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
  });
});

describe('notes and save suggestions', () => {
  test.each<[string, HintEntry[], Extra, RegExp[], string | undefined]>([
    [
      'no-change',
      batch(unchanged(hollow)),
      {},
      [
        /^`fill 0 64 0 6 68 6 minecraft:stone hollow`: the world already matched, nothing changed; do not retry\.$/,
      ],
      undefined,
    ],
    [
      'no-change',
      batch(...[1, 2, 3, 4].map((i) => unchanged(`setblock ${i} 64 0 minecraft:stone`))),
      {},
      [/^4 commands: the world already matched/],
      undefined,
    ],
    [
      'rooms-built',
      batch(...fullRoom.map((c) => ok(c, 'verified'))),
      {},
      [/^Built the 5×3×5 room at \(0,64,0\)–\(6,68,6\)/],
      'voxel:room:7x5x7',
    ],
    // complete but not (yet) verified: nothing to save
    ['rooms-built', batch(...fullRoom.map((c) => ok(c))), {}, [], undefined],
    ['rooms-built', batch(ok(hollow)), {}, [], undefined],
    [
      'unknown-command',
      batch(refused('fill 0 64 0 1 64 1 minecraft:stone', 'command.unknown.command')),
      { bot: { name: 'Builder', operator: false } },
      [],
      'server permissions',
    ],
  ])('%s', (id, entries, extra, hints, topic) => {
    const out = run(id, entries, extra);
    const got = out?.moduleHints ?? [];
    expect(got).toHaveLength(hints.length);
    for (const [i, re] of hints.entries()) expect(got[i]).toMatch(re);
    expect(out?.saveSuggestion?.topic).toBe(topic);
  });

  test('the op hint names the bot and the command', () => {
    const out = run(
      'unknown-command',
      batch(refused('fill 0 64 0 1 64 1 stone', 'command.unknown.command')),
      {
        bot: { name: 'Builder' },
      },
    );
    expect(out?.nextSteps?.[0]?.description).toContain('`op Builder`');
    expect(out?.nextSteps?.[0]?.description).toContain('fill');
  });

  test('a fill too big for one command lists commands that each fit', () => {
    const out = run(
      'fill-too-big',
      batch(
        refused('fill 0 0 0 99 9 99 minecraft:stone hollow', 'commands.fill.toobig', ['32768', '100000']),
      ),
    );
    const commands = (out?.nextSteps?.[0]?.suggestedArgs?.['commands'] ?? []) as string[];
    expect(commands.length).toBeGreaterThan(6);
    for (const c of commands) {
      const [x1, y1, z1, x2, y2, z2] = c.split(' ').slice(1, 7).map(Number) as number[];
      expect(
        (Math.abs(x2! - x1!) + 1) * (Math.abs(y2! - y1!) + 1) * (Math.abs(z2! - z1!) + 1),
      ).toBeLessThanOrEqual(32768);
    }
    expect(commands.filter((c) => c.endsWith('minecraft:air'))).not.toHaveLength(0);
  });
});

describe('suggested commands are valid 1.21.4', () => {
  const data = require('minecraft-data')('1.21.4') as {
    blocksByName: Record<string, { states?: Array<{ name: string; type: string; values?: string[] }> }>;
  };
  const valid = (token: string): string | undefined => {
    const m = /^(?:minecraft:)?([a-z0-9_]+)(?:\[([^\]]*)\])?$/.exec(token);
    if (!m?.[1]) return `not a block argument: ${token}`;
    const block = data.blocksByName[m[1]];
    if (!block) return `no block ${m[1]}`;
    for (const kv of m[2] ? m[2].split(',') : []) {
      const [k, v] = kv.split('=');
      const state = block.states?.find((s) => s.name === k);
      const values = state?.values ?? (state?.type === 'bool' ? ['true', 'false'] : []);
      if (!state || !v || !values.includes(v)) return `${m[1]} has no ${kv}`;
    }
    return undefined;
  };
  const commands = rows.flatMap(([id, , entries, extra]) =>
    (run(id, entries, extra)?.nextSteps ?? []).flatMap(
      (s) => (s.suggestedArgs?.['commands'] ?? []) as string[],
    ),
  );

  test.each(commands.filter((c) => !c.startsWith('tp ')))('%s', (command) => {
    const parts = command.split(' ');
    const token = parts[0] === 'setblock' ? parts[4] : parts[7];
    expect(parts[0]).toMatch(/^(setblock|fill)$/);
    expect(parts.slice(1, parts[0] === 'setblock' ? 4 : 7).every((n) => Number.isInteger(Number(n)))).toBe(
      true,
    );
    expect(valid(token ?? '')).toBeUndefined();
  });
});
