/**
 * The one area of the world the hints read after a batch (its box: hint-region.ts), never more than
 * MAX_REGION_BLOCKS, and a copy of it with a step's writes (RegionWithWrites). Every question the hints ask of the world
 * goes through it; a position outside the box, or one the world cannot tell, is unknown, and a hint that
 * would need it is not given (fewer hints, never wrong ones).
 */
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import type { BlockSource, BlockState } from '../../vocabulary/blocks/block-state.js';
import { volume } from '../geometry.js';

/**
 * Most blocks read for one batch's hints (64×16×64). A batch whose writes with the margin span more is read
 * one block around its writes; one that spans more even so is not read, and its hints say nothing about rooms.
 */
export const MAX_REGION_BLOCKS = 65_536;
/**
 * How far around the writes the read reaches: far enough to see into a room next door (a doorway's far
 * side, its walls and roof) and down from a roof to the floor of the room it closes.
 */
export const REGION_MARGIN = { side: 6, vertical: 6 } as const;

/** A block as read, or why it is not known. */
export type RegionBlock = BlockState | 'unloaded' | 'outside';

/** What the hints read: the box, or why they read nothing. */
export type RegionRead =
  { status: 'read'; box: Box; blocks: number } | { status: 'not_read'; reason: string; box?: Box };

/** The lowest and highest y of the dimension the batch wrote in (the connection's, never a constant). */
export interface WorldHeight {
  minY: number;
  maxY: number;
}

/** Most boxes `unreadParts` names; the rest are counted. */
export const MAX_UNREAD_BOXES = 8;
/** How far past the margin the read grows to take in the rest of a building (a tower's lower storeys). */
export const MAX_GROWTH = 24;

/** What a cell is to a room: air a player stands in, a block that encloses, a door, or not known. */
export type CellKind = 'open' | 'solid' | 'door' | 'unknown';
const KINDS: readonly CellKind[] = ['open', 'solid', 'door', 'unknown'];

/**
 * Reads lazily from `source`, only inside `box`, each position at most once; cells are kept by their offset
 * in the box (no key strings), and each cell's kind is worked out once per region.
 */
export class WorldRegion {
  private blocksRead: Array<BlockState | 'unloaded' | undefined> | undefined;
  /** KINDS index + 1 per cell; 0: not worked out yet */
  private kindsFound: Uint8Array | undefined;
  private kindsVersion: string | undefined;
  private readonly sizeY: number;
  private readonly sizeZ: number;
  /** positions inside the box the world could not tell */
  unloaded = 0;
  /** how many times the reads started again (`forget`): what was worked out from earlier reads is stale */
  reads = 0;

  constructor(
    readonly box: Box,
    private readonly source: BlockSource,
  ) {
    this.sizeY = box.max.y - box.min.y + 1;
    this.sizeZ = box.max.z - box.min.z + 1;
  }

  // made on the first read: a copy with writes (RegionWithWrites) reads through its region and needs none
  private get blocks(): Array<BlockState | 'unloaded' | undefined> {
    return (this.blocksRead ??= new Array<BlockState | 'unloaded' | undefined>(volume(this.box)));
  }

  private get kinds(): Uint8Array {
    return (this.kindsFound ??= new Uint8Array(volume(this.box)));
  }

  /** the cell's offset in the box (a key for sets of cells), or -1 outside it */
  indexOf(pos: BlockPos): number {
    return this.indexAt(pos.x, pos.y, pos.z);
  }

  /** `indexOf` by coordinates (no position object) */
  indexAt(x: number, y: number, z: number): number {
    const { min, max } = this.box;
    if (x < min.x || y < min.y || z < min.z || x > max.x || y > max.y || z > max.z) return -1;
    return ((x - min.x) * this.sizeY + (y - min.y)) * this.sizeZ + (z - min.z);
  }

  at(pos: BlockPos): RegionBlock {
    const i = this.indexOf(pos);
    return i < 0 ? 'outside' : this.read(i, pos);
  }

  private read(i: number, pos: BlockPos | undefined, x = 0, y = 0, z = 0): BlockState | 'unloaded' {
    let block = this.blocks[i];
    if (block === undefined) {
      try {
        block = this.source.readBlock(pos ?? { x, y, z });
      } catch {
        block = 'unloaded';
      }
      if (block === 'unloaded') this.unloaded++;
      this.blocks[i] = block;
    }
    return block;
  }

  /** The cell's kind by `classify` (the same for a region's whole life, per version), worked out once. */
  kind(pos: BlockPos, version: string | undefined, classify: (b: BlockState) => CellKind): CellKind {
    return this.kindAt(pos.x, pos.y, pos.z, version, classify);
  }

  /** `kind` by coordinates (no position object unless the cell is read now) */
  kindAt(
    x: number,
    y: number,
    z: number,
    version: string | undefined,
    classify: (b: BlockState) => CellKind,
  ): CellKind {
    const i = this.indexAt(x, y, z);
    if (i < 0) return 'unknown';
    if (version !== this.kindsVersion) {
      this.kinds.fill(0);
      this.kindsVersion = version;
    }
    const known = this.kinds[i]!;
    if (known) return KINDS[known - 1]!;
    const b = this.read(i, undefined, x, y, z);
    const k = b === 'unloaded' ? 'unknown' : classify(b);
    this.kinds[i] = KINDS.indexOf(k) + 1;
    return k;
  }

  /**
   * The parts of the box the world cannot tell: per chunk column the box takes in, one cell read (in the middle
   * of the box's height) says whether the column is loaded; an unloaded column's part of the box is unreadable
   * whole. `boxes` names the first MAX_UNREAD_BOXES of them; `cells` counts all.
   */
  unreadParts(): { cells: number; boxes: Box[]; more: number } {
    const { min, max } = this.box;
    const y = Math.floor((min.y + max.y) / 2);
    const height = max.y - min.y + 1;
    const boxes: Box[] = [];
    let cells = 0;
    let more = 0;
    for (let cx = min.x >> 4; cx <= max.x >> 4; cx++) {
      for (let cz = min.z >> 4; cz <= max.z >> 4; cz++) {
        const x0 = Math.max(min.x, cx * 16);
        const z0 = Math.max(min.z, cz * 16);
        if (this.read(this.indexAt(x0, y, z0), undefined, x0, y, z0) !== 'unloaded') continue;
        const x1 = Math.min(max.x, cx * 16 + 15);
        const z1 = Math.min(max.z, cz * 16 + 15);
        cells += (x1 - x0 + 1) * (z1 - z0 + 1) * height;
        if (boxes.length < MAX_UNREAD_BOXES)
          boxes.push({ min: { x: x0, y: min.y, z: z0 }, max: { x: x1, y: max.y, z: z1 } });
        else more++;
      }
    }
    return { cells, boxes, more };
  }

  /**
   * Forgets what was read: the world changed since (a verification that reads again a tick later). The
   * count of unreadable positions starts again with the reads that follow.
   */
  forget(): void {
    this.blocksRead = undefined;
    this.kindsFound = undefined;
    this.reads++;
    this.unloaded = 0;
  }

  /**
   * A source that answers from this region inside its box (reading each position once) and from the world
   * outside it: verification reads the written blocks through it, and the hints find them read.
   */
  asSource(): BlockSource {
    return {
      readBlock: (pos) => {
        const i = this.indexOf(pos);
        return i < 0 ? this.source.readBlock(pos) : this.read(i, pos);
      },
    };
  }
}

/**
 * A copy of a region with some cells written over it (a step the referee tries before it is said): a written cell
 * reads as what was written, every other cell as the region reads it. The region's reads and cell kinds are
 * shared: nothing of the world is read again, and the copy keeps nothing for the cells it does not change.
 */
export class RegionWithWrites extends WorldRegion {
  private readonly kindOfWritten = new Map<number, CellKind>();
  private writtenKindsVersion: string | undefined;

  /** `writes`: the block each written cell gets, by the cell's offset in the region (`indexOf`) */
  constructor(
    readonly base: WorldRegion,
    readonly writes: ReadonlyMap<number, BlockState>,
  ) {
    super(base.box, {
      readBlock: (pos) => {
        const b = writes.get(base.indexOf(pos)) ?? base.at(pos);
        return b === 'outside' ? 'unloaded' : b;
      },
    });
  }

  override at(pos: BlockPos): RegionBlock {
    const i = this.indexOf(pos);
    if (i < 0) return 'outside';
    return this.writes.get(i) ?? this.base.at(pos);
  }

  private written: BlockPos[] | undefined;

  /** Whether a written cell lies in the box [min x, min y, min z, max x, max y, max z]. */
  writesIn(box: readonly number[]): boolean {
    if (!this.written) {
      const { min } = this.box;
      const sizeY = this.box.max.y - min.y + 1;
      const sizeZ = this.box.max.z - min.z + 1;
      this.written = [...this.writes.keys()].map((i) => ({
        x: min.x + Math.floor(i / (sizeY * sizeZ)),
        y: min.y + (Math.floor(i / sizeZ) % sizeY),
        z: min.z + (i % sizeZ),
      }));
    }
    return this.written.some(
      (p) =>
        p.x >= box[0]! &&
        p.y >= box[1]! &&
        p.z >= box[2]! &&
        p.x <= box[3]! &&
        p.y <= box[4]! &&
        p.z <= box[5]!,
    );
  }

  override kindAt(
    x: number,
    y: number,
    z: number,
    version: string | undefined,
    classify: (b: BlockState) => CellKind,
  ): CellKind {
    const i = this.indexAt(x, y, z);
    const written = i < 0 ? undefined : this.writes.get(i);
    if (!written) return this.base.kindAt(x, y, z, version, classify);
    if (version !== this.writtenKindsVersion) {
      this.kindOfWritten.clear();
      this.writtenKindsVersion = version;
    }
    let k = this.kindOfWritten.get(i);
    if (k === undefined) this.kindOfWritten.set(i, (k = classify(written)));
    return k;
  }
}
