/**
 * Drawing a newer server with older assets: block state ids are renumbered between Minecraft versions
 * (oak_door's first state is 4677 in 1.21.4 and 5454 in 1.21.11), so the page, which knows only the
 * version it has textures for, gets every chunk and block update re-encoded in that version's ids: the same
 * block name and properties, or that block's default state, or air for a block the older version lacks.
 */
import { createRequire } from 'node:module';
import { Vec3 } from 'vec3';

const require = createRequire(import.meta.url);

interface BlockLike {
  name: string;
  stateId: number;
  getProperties(): Record<string, string | number | boolean>;
}
interface BlockClass {
  fromStateId(id: number, biome: number): BlockLike;
  fromProperties(name: string, props: Record<string, string | number | boolean>, biome: number): BlockLike;
}
interface ColumnLike {
  minY?: number;
  worldHeight?: number;
  toJson(): string;
  getBlockStateId(pos: Vec3): number;
  setBlockStateId(pos: Vec3, id: number): void;
  getSkyLight(pos: Vec3): number;
  setSkyLight(pos: Vec3, light: number): void;
  getBlockLight(pos: Vec3): number;
  setBlockLight(pos: Vec3, light: number): void;
}
interface ColumnClass {
  new (options: { minY: number; worldHeight: number }): ColumnLike;
  fromJson(json: string): ColumnLike;
}

const blockClass = (version: string) => (require('prismarine-block') as (v: string) => BlockClass)(version);
const columnClass = (version: string) => (require('prismarine-chunk') as (v: string) => ColumnClass)(version);

export interface Translator {
  stateId(id: number): number;
  /** a chunk column's JSON (prismarine-chunk's `toJson`) in the target version's ids */
  column(json: string): string;
}

export function translator(from: string, to: string): Translator {
  const source = blockClass(from);
  const target = blockClass(to);
  const cache = new Map<number, number>();
  const stateId = (id: number): number => {
    const known = cache.get(id);
    if (known !== undefined) return known;
    let out: number;
    try {
      const block = source.fromStateId(id, 0);
      out = target.fromProperties(block.name, block.getProperties(), 0).stateId;
    } catch {
      out = 0; // the older version has no such block
    }
    if (!Number.isInteger(out)) out = 0;
    cache.set(id, out);
    return out;
  };
  const SourceColumn = columnClass(from);
  const TargetColumn = columnClass(to);
  return {
    stateId,
    column(json) {
      const src = SourceColumn.fromJson(json);
      const minY = src.minY ?? 0;
      const height = src.worldHeight ?? 256;
      const dst = new TargetColumn({ minY, worldHeight: height });
      const pos = new Vec3(0, 0, 0);
      for (let y = minY; y < minY + height; y++) {
        for (let z = 0; z < 16; z++) {
          for (let x = 0; x < 16; x++) {
            pos.set(x, y, z);
            const id = src.getBlockStateId(pos);
            if (id !== 0) dst.setBlockStateId(pos, stateId(id));
            const sky = src.getSkyLight(pos);
            if (sky !== 0) dst.setSkyLight(pos, sky);
            const light = src.getBlockLight(pos);
            if (light !== 0) dst.setBlockLight(pos, light);
          }
        }
      }
      return dst.toJson();
    },
  };
}
