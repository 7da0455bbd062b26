/**
 * Which chunks a player sees and which the server holds for it, as vanilla 1.21.4 decides them:
 * net/minecraft/server/level/ChunkTrackingView.java (the view: a rounded square of `viewDistance` chunks
 * around the player's chunk, plus the outer ring the client needs to mesh the edge; `difference` walks the
 * chunks that enter and leave when the view moves) and DistanceManager.PlayerTicketTracker (a PLAYER ticket
 * of level 31 on every chunk within the server's view distance, Chebyshev; ticket levels grow by one per
 * chunk and a chunk is FULL, so `ServerLevel.hasChunkAt` holds, up to level 33: two chunks further).
 */
import { type ChunkPos, forEachChunkInView, isWithinDistance } from '../../vocabulary/chunk-view.js';

export type { ChunkPos };

/** ChunkTrackingView.Positioned: the chunks one player is sent */
export class ChunkTrackingView {
  constructor(
    readonly center: ChunkPos,
    readonly viewDistance: number,
  ) {}

  contains(x: number, z: number): boolean {
    return isWithinDistance(this.center, this.viewDistance, x, z, true);
  }

  /** the square the view fits in */
  private bounds() {
    const r = this.viewDistance + 1;
    return {
      minX: this.center.x - r,
      maxX: this.center.x + r,
      minZ: this.center.z - r,
      maxZ: this.center.z + r,
    };
  }

  forEach(visit: (x: number, z: number) => void): void {
    forEachChunkInView(this.center, this.viewDistance, visit);
  }

  equals(other: ChunkTrackingView | undefined): boolean {
    return (
      other !== undefined &&
      other.center.x === this.center.x &&
      other.center.z === this.center.z &&
      other.viewDistance === this.viewDistance
    );
  }

  /**
   * ChunkTrackingView.difference: `added` for chunks in `next` only, `removed` for chunks in `previous` only
   * (`previous` undefined is vanilla's EMPTY view: every chunk of `next` is added).
   */
  static difference(
    previous: ChunkTrackingView | undefined,
    next: ChunkTrackingView | undefined,
    added: (x: number, z: number) => void,
    removed: (x: number, z: number) => void,
  ): void {
    if (previous && next && previous.equals(next)) return;
    if (previous && next) {
      const a = previous.bounds();
      const b = next.bounds();
      const overlap = a.minX <= b.maxX && a.maxX >= b.minX && a.minZ <= b.maxZ && a.maxZ >= b.minZ;
      if (overlap) {
        for (let x = Math.min(a.minX, b.minX); x <= Math.max(a.maxX, b.maxX); x++) {
          for (let z = Math.min(a.minZ, b.minZ); z <= Math.max(a.maxZ, b.maxZ); z++) {
            const was = previous.contains(x, z);
            const is = next.contains(x, z);
            if (was === is) continue;
            if (is) added(x, z);
            else removed(x, z);
          }
        }
        return;
      }
    }
    previous?.forEach(removed);
    next?.forEach(added);
  }
}

/** level 31 tickets out to the server's view distance, FULL two levels further */
export const FULL_CHUNK_MARGIN = 2;

/** whether a player standing in `center` keeps chunk (x, z) loaded (Chebyshev, see the header) */
export function holdsChunk(center: ChunkPos, serverViewDistance: number, x: number, z: number): boolean {
  const reach = serverViewDistance + FULL_CHUNK_MARGIN;
  return Math.abs(x - center.x) <= reach && Math.abs(z - center.z) <= reach;
}

export const chunkKey = (x: number, z: number): string => `${x},${z}`;

export const chunkOf = (pos: { x: number; z: number }): ChunkPos => ({
  x: Math.floor(pos.x) >> 4,
  z: Math.floor(pos.z) >> 4,
});
