/**
 * A build against its plan: every block of a structure where place_structure would put it, read back
 * from the world. A block matches when the world has the same block and every property the plan names
 * has the plan's value (properties the plan leaves out may be anything; air matches cave and void air).
 * Structure void is not compared; block entity data (sign text, chest contents) is not compared.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { BlockPos } from '../vocabulary/blocks/box.js';
import {
  AIR_NAMES,
  type BlockSource,
  type BlockState,
  blockStateKey,
  parseBlockStateKey,
} from '../vocabulary/blocks/block-state.js';
import { type PlacedBlock, blockCommands, eachPlacedBlock } from './capture.js';
import type { Rotation, Transform } from './rotate.js';
import { type Structure, StructureError } from './store.js';

export interface Difference {
  x: number;
  y: number;
  z: number;
  expected: string;
  actual: string;
}

export interface Comparison {
  matched: number;
  total: number;
  /** how many blocks differ */
  differenceCount: number;
  /** the differences of the page asked for, in the order y, z, x */
  differences: Difference[];
  /** the planned block of each of those differences (with its block entity data), same order */
  planned: PlacedBlock[];
}

/** which differences to keep: counted are all, kept only these (a plan of a million blocks keeps a page) */
export interface ComparePage {
  offset: number;
  limit: number;
}

/**
 * Blocks compared between two turns of the event loop: a plan of a million blocks takes a second or two,
 * and the server answers other calls (and other sessions) between these slices meanwhile.
 */
export const COMPARE_SLICE = 16_384;

export function stateMatches(expected: string, actual: BlockState): boolean {
  let plan: BlockState;
  try {
    plan = parseBlockStateKey(expected);
  } catch {
    return false;
  }
  if (AIR_NAMES.has(plan.name)) return AIR_NAMES.has(actual.name);
  if (plan.name !== actual.name) return false;
  return Object.entries(plan.properties).every(([k, v]) => actual.properties[k] === v);
}

/**
 * @param onSlice told after each COMPARE_SLICE blocks, before the loop yields (done so far, planned positions)
 */
export async function compareStructure(
  structure: Structure,
  source: BlockSource,
  origin: BlockPos,
  transform: Rotation | Transform = 0,
  page: ComparePage = { offset: 0, limit: Infinity },
  onSlice?: (done: number, positions: number) => void,
): Promise<Comparison> {
  const positions = structure.size.x * structure.size.y * structure.size.z;
  const differences: Difference[] = [];
  const planned: PlacedBlock[] = [];
  let total = 0;
  let differenceCount = 0;
  let sinceYield = 0;
  for (const block of eachPlacedBlock(structure, origin, transform)) {
    if (++sinceYield > COMPARE_SLICE) {
      sinceYield = 1;
      onSlice?.(total, positions);
      await nextTurn();
    }
    total++;
    const actual = source.readBlock(block);
    if (actual === 'unloaded') {
      throw new StructureError(`${block.x} ${block.y} ${block.z} is in an unloaded chunk`, {
        remedy: 'move the bot near the build first (tp @s there), then compare again',
      });
    }
    if (stateMatches(block.key, actual)) continue;
    const index = differenceCount++;
    if (index < page.offset || index >= page.offset + page.limit) continue;
    differences.push({
      x: block.x,
      y: block.y,
      z: block.z,
      expected: block.key,
      actual: blockStateKey(actual),
    });
    planned.push(block);
  }
  return { matched: total - differenceCount, total, differenceCount, differences, planned };
}

/** Commands that set the planned blocks of these differences (fill runs where they line up along x). */
export function fixCommands(
  planned: readonly PlacedBlock[],
  skip: (key: string) => boolean = () => false,
): string[] {
  return blockCommands(planned.filter((b) => !skip(b.key)));
}

/** matched / total as a percentage with one decimal, never rounded up to 100 while something differs */
export function scoreOf(matched: number, total: number): number {
  if (total === 0) return 100;
  const score = Math.floor((matched / total) * 1000) / 10;
  return score;
}
