/**
 * `get_blocks_in_area` encoding: a palette of block state keys plus per-layer text grids or x-runs.
 * Lossless for every non-air block (all its states); unloaded cells are `?`, never air.
 */
import { z } from 'zod';
import type { BlockPos, Box } from '../vocabulary/blocks/box.js';
import { McbridgeError } from '../vocabulary/errors.js';
import {
  AIR,
  type BlockSource,
  type BlockState,
  blockStateKey,
  isAir,
  parseBlockStateKey,
} from '../vocabulary/blocks/block-state.js';
import {
  BlockPosSchema,
  BoxSchema,
  boxOf,
  contains,
  indexIn,
  mergeRuns,
  sizeOf,
  volumeOf,
} from '../vocabulary/blocks/box.js';
import { AreaTooLargeError, splitPlan } from './split.js';

export { AreaTooLargeError, splitBox } from './split.js';

export const AREA_MAX_BLOCKS = 32_768;
export const AreaFormatSchema = z.enum(['layers', 'runs']);
export type AreaFormat = z.infer<typeof AreaFormatSchema>;

export const EncodedAreaSchema = z.object({
  from: BlockPosSchema.describe('lowest corner (inclusive)'),
  to: BlockPosSchema.describe('highest corner (inclusive)'),
  size: BlockPosSchema.describe('blocks along each axis'),
  format: AreaFormatSchema,
  cellWidth: z.number().int().min(1).describe('characters per block in palette keys and layer rows'),
  palette: z
    .record(z.string(), z.string())
    .describe(
      'key -> block state, e.g. "a": "minecraft:oak_door[facing=north,half=lower]"; "." air, "?" unloaded',
    ),
  layers: z
    .array(z.object({ y: z.number().int(), rows: z.array(z.string()) }))
    .optional()
    .describe(
      'one per y (ascending); one row per z (ascending, north first), one cell per x (ascending, west first)',
    ),
  runs: z
    .array(
      z.object({
        y: z.number().int(),
        z: z.number().int(),
        x: z.number().int(),
        length: z.number().int().min(1),
        block: z.string(),
      }),
    )
    .optional()
    .describe('runs along +x in y, z, x order; positions in no run are air (or unloaded, see "unloaded")'),
  unloaded: z
    .array(BoxSchema)
    .optional()
    .describe('boxes in unloaded chunks: their blocks are unknown, not air'),
  counts: z.record(z.string(), z.number().int()).describe('blocks per palette key'),
});
export type EncodedArea = z.infer<typeof EncodedAreaSchema>;

export interface EncodeOptions {
  format?: AreaFormat;
  /** also list air: runs of `.`, and `cave_air`/`void_air` as their own palette entries */
  includeAir?: boolean;
  maxBlocks?: number;
}

const KEY_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const AIR_KEY = '.';
const UNLOADED_KEY = '?';
export class EncodedAreaError extends McbridgeError {
  override name = 'EncodedAreaError' as const;
}

export const UNLOADED_LABEL = 'unloaded';

function paletteKey(index: number, width: number): string {
  let key = '';
  let rest = index;
  for (let i = 0; i < width; i++) {
    key = KEY_CHARS[rest % KEY_CHARS.length] + key;
    rest = Math.floor(rest / KEY_CHARS.length);
  }
  return key;
}

/** Reads `from`–`to` (any two corners) through `source` and encodes it. */
export function encodeArea(
  source: BlockSource,
  from: BlockPos,
  to: BlockPos,
  options: EncodeOptions = {},
): EncodedArea {
  const { format = 'layers', includeAir = false, maxBlocks = AREA_MAX_BLOCKS } = options;
  const box = boxOf(from, to);
  const volume = volumeOf(box);
  if (volume > maxBlocks) {
    throw new AreaTooLargeError(volume, maxBlocks, splitPlan(box, maxBlocks));
  }
  const size = sizeOf(box);

  // cells: -1 air, -2 unloaded, else index into `states` (first appearance in y, z, x order)
  const cells = new Int32Array(volume);
  const states: string[] = [];
  const indexOf = new Map<string, number>();
  let i = 0;
  for (let y = box.min.y; y <= box.max.y; y++) {
    for (let z = box.min.z; z <= box.max.z; z++) {
      for (let x = box.min.x; x <= box.max.x; x++) {
        const state = source.readBlock({ x, y, z });
        if (state === 'unloaded') cells[i++] = -2;
        else if (isAir(state) && (!includeAir || state.name === 'minecraft:air')) cells[i++] = -1;
        else {
          const key = blockStateKey(state);
          let index = indexOf.get(key);
          if (index === undefined) {
            index = states.length;
            states.push(key);
            indexOf.set(key, index);
          }
          cells[i++] = index;
        }
      }
    }
  }

  let width = 1;
  while (KEY_CHARS.length ** width < states.length) width++;
  const keys = states.map((_, n) => paletteKey(n, width));
  const airKey = AIR_KEY.repeat(width);
  const unloadedKey = UNLOADED_KEY.repeat(width);
  const keyOf = (cell: number) => (cell === -1 ? airKey : cell === -2 ? unloadedKey : keys[cell]!);

  const counts: Record<string, number> = {};
  for (const cell of cells) {
    const key = keyOf(cell);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  const palette: Record<string, string> = {};
  if (counts[airKey]) palette[airKey] = 'minecraft:air';
  if (counts[unloadedKey]) palette[unloadedKey] = UNLOADED_LABEL;
  states.forEach((state, n) => {
    palette[keys[n]!] = state;
  });

  const encoded: EncodedArea = {
    from: box.min,
    to: box.max,
    size,
    format,
    cellWidth: width,
    palette,
    counts,
  };
  const unloadedRuns: Array<{ y: number; z: number; x: number; length: number }> = [];
  const runs: NonNullable<EncodedArea['runs']> = [];
  const layers: NonNullable<EncodedArea['layers']> = [];
  i = 0;
  for (let y = box.min.y; y <= box.max.y; y++) {
    const rows: string[] = [];
    for (let z = box.min.z; z <= box.max.z; z++) {
      let row = '';
      let start = 0;
      for (let dx = 0; dx < size.x; dx++) {
        const cell = cells[i + dx]!;
        if (format === 'layers') row += keyOf(cell);
        if (dx + 1 < size.x && cells[i + dx + 1] === cell) continue;
        const run = { y, z, x: box.min.x + start, length: dx - start + 1 };
        if (cell === -2) unloadedRuns.push(run);
        else if (format === 'runs' && (cell !== -1 || includeAir)) runs.push({ ...run, block: keyOf(cell) });
        start = dx + 1;
      }
      i += size.x;
      rows.push(row);
    }
    if (format === 'layers') layers.push({ y, rows });
  }
  if (format === 'layers') encoded.layers = layers;
  else encoded.runs = runs;
  if (unloadedRuns.length > 0) encoded.unloaded = mergeRuns(unloadedRuns);
  return encoded;
}

export interface DecodedArea extends BlockSource {
  box: Box;
}

/**
 * Reads an encoded area back: every position inside it gives its state (`minecraft:air` for `.`), or
 * `'unloaded'`; positions outside it are `'unloaded'` too (nothing is known about them).
 */
export function decodeArea(input: EncodedArea): DecodedArea {
  const encoded = EncodedAreaSchema.parse(input);
  const box: Box = { min: encoded.from, max: encoded.to };
  const size = sizeOf(box);
  const width = encoded.cellWidth;
  const airKey = AIR_KEY.repeat(width);
  const unloadedKey = UNLOADED_KEY.repeat(width);
  const states = new Map<string, BlockState>();
  for (const [key, text] of Object.entries(encoded.palette)) {
    if (key !== airKey && key !== unloadedKey) states.set(key, parseBlockStateKey(text));
  }
  const lookup = (key: string): BlockState | 'unloaded' => {
    if (key === airKey) return AIR;
    if (key === unloadedKey) return 'unloaded';
    const state = states.get(key);
    if (!state) throw new EncodedAreaError(`palette has no key "${key}"`);
    return state;
  };

  const cells: Array<BlockState | 'unloaded'> = new Array(volumeOf(box)).fill(AIR);
  if (encoded.format === 'layers') {
    const layers = encoded.layers ?? [];
    if (layers.length !== size.y)
      throw new EncodedAreaError(`expected ${size.y} layers, found ${layers.length}`);
    let i = 0;
    for (const layer of layers) {
      if (layer.rows.length !== size.z)
        throw new EncodedAreaError(`layer y=${layer.y} must have ${size.z} rows`);
      for (const row of layer.rows) {
        if (row.length !== size.x * width) {
          throw new EncodedAreaError(`a row of layer y=${layer.y} must have ${size.x * width} characters`);
        }
        for (let c = 0; c < row.length; c += width) cells[i++] = lookup(row.slice(c, c + width));
      }
    }
  } else {
    for (const run of encoded.runs ?? []) {
      const state = lookup(run.block);
      for (let x = run.x; x < run.x + run.length; x++) {
        const pos = { x, y: run.y, z: run.z };
        if (!contains(box, pos))
          throw new EncodedAreaError(`run at ${x} ${run.y} ${run.z} is outside the area`);
        cells[indexIn(box, pos)] = state;
      }
    }
    for (const u of encoded.unloaded ?? []) {
      for (let y = u.min.y; y <= u.max.y; y++) {
        for (let z = u.min.z; z <= u.max.z; z++) {
          for (let x = u.min.x; x <= u.max.x; x++) {
            if (contains(box, { x, y, z })) cells[indexIn(box, { x, y, z })] = 'unloaded';
          }
        }
      }
    }
  }
  return {
    box,
    readBlock: (pos) => (contains(box, pos) ? cells[indexIn(box, pos)]! : 'unloaded'),
  };
}
