/**
 * Batches for hint tests. `parse` reads the absolute-coordinate subset of setblock/fill used here, so the
 * tests do not lean on the real command parser (written elsewhere).
 */
import type { BlockFilter, BlockSpec, BlockWrite } from '../../src/commands/block-write.js';
import type { HintEntry } from '../../src/hints/context.js';
import type { CommandResult } from '../../src/results/schema.js';

const blockSpec = (text: string): BlockSpec => {
  const m = /^([a-z0-9_:]+)(?:\[([^\]]*)\])?$/.exec(text);
  if (!m?.[1]) throw new Error(`bad block in test: ${text}`);
  const name = m[1].includes(':') ? m[1] : `minecraft:${m[1]}`;
  const states = Object.fromEntries(
    (m[2] ? m[2].split(',') : []).map((kv) => kv.split('=') as [string, string]),
  );
  return { name, states };
};

export const parse = (command: string): BlockWrite[] => {
  const [kind, ...rest] = command.trim().split(/\s+/);
  const n = rest.map(Number);
  const pos = (i: number) => ({ x: n[i] ?? 0, y: n[i + 1] ?? 0, z: n[i + 2] ?? 0 });
  if (kind === 'setblock') {
    const mode = (rest[4] ?? 'replace') as 'replace' | 'keep' | 'destroy';
    return [{ kind: 'setblock', pos: pos(0), block: blockSpec(rest[3] ?? ''), mode }];
  }
  if (kind === 'fill') {
    const mode = (rest[7] ?? 'replace') as 'replace' | 'keep' | 'destroy' | 'hollow' | 'outline';
    const filterText = rest[8];
    const filter: BlockFilter | undefined = filterText
      ? { kind: 'block', block: blockSpec(filterText) }
      : undefined;
    return [
      {
        kind: 'fill',
        from: pos(0),
        to: pos(3),
        block: blockSpec(rest[6] ?? ''),
        mode,
        ...(filter ? { filter } : {}),
      },
    ];
  }
  return [];
};

let counter = 0;

export const result = (command: string, over: Partial<CommandResult> = {}): CommandResult => ({
  index: counter++,
  command,
  status: 'applied',
  accepted: true,
  applied: true,
  executionTimeMs: 1,
  summary: '',
  chatMessages: [],
  ...over,
});

/** An applied command, its writes parsed from its text. */
export const ok = (command: string, verification?: string): HintEntry => ({
  command,
  result: result(command),
  writes: parse(command),
  ...(verification ? { verification: { status: verification } } : {}),
});

export const refused = (command: string, key: string, args: string[] = []): HintEntry => ({
  command,
  result: result(command, { status: 'rejected_by_game', applied: false, detail: { key, args } }),
  writes: parse(command),
});

export const unchanged = (command: string): HintEntry => ({
  command,
  result: result(command, {
    status: 'rejected_by_game',
    applied: false,
    detail: {
      key: command.startsWith('fill') ? 'commands.fill.failed' : 'commands.setblock.failed',
      args: [],
      noChange: true,
    },
  }),
  writes: parse(command),
});

export const unanswered = (command: string): HintEntry => ({
  command,
  result: result(command, { status: 'unknown', applied: null }),
  writes: parse(command),
});

/** Renumbers result indexes 0..n-1 in batch order. */
export const batch = (...entries: HintEntry[]): HintEntry[] =>
  entries.map((e, index) => ({ ...e, result: { ...e.result, index } }));

/** Stone walls x 0..6, z 0..6, y 65..67 on a floor at 64 with a roof at 68, as four separate fills. */
export const fourWalls = [
  'fill 0 65 0 0 67 6 minecraft:stone',
  'fill 6 65 0 6 67 6 minecraft:stone',
  'fill 1 65 0 5 67 0 minecraft:stone',
  'fill 1 65 6 5 67 6 minecraft:stone',
];
export const floor = 'fill 0 64 0 6 64 6 minecraft:oak_planks';
export const roof = 'fill 0 68 0 6 68 6 minecraft:oak_planks';
