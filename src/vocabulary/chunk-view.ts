/**
 * Which chunks a vanilla server sends a player, read from 1.21.4's net/minecraft/server/level/
 * ChunkTrackingView.java (`isWithinDistance`: a rounded square of the view distance around the player's
 * chunk, with the outer ring the client needs to mesh the edge) and ChunkMap.java (`getPlayerViewDistance`:
 * the distance the player asked for, at least 2 and at most the server's own); 26.1.2's are the same. The
 * embedded world sends chunks by it, and a bot knows by it which chunks of its view are still to come.
 */

export interface ChunkPos {
  x: number;
  z: number;
}

/** ChunkTrackingView.isWithinDistance: `includeOuter` counts the ring around the view distance */
export function isWithinDistance(
  center: ChunkPos,
  viewDistance: number,
  x: number,
  z: number,
  includeOuter: boolean,
): boolean {
  const ring = includeOuter ? 2 : 1;
  const dx = Math.max(0, Math.abs(x - center.x) - ring);
  const dz = Math.max(0, Math.abs(z - center.z) - ring);
  return dx * dx + dz * dz < viewDistance * viewDistance;
}

/** the least view distance ChunkMap gives a player, whatever it asks for */
export const MIN_PLAYER_VIEW_DISTANCE = 2;

/** ChunkMap.getPlayerViewDistance: what the player asked for, within 2 and the server's view distance */
export const playerViewDistance = (requested: number, serverViewDistance: number): number =>
  Math.min(serverViewDistance, Math.max(MIN_PLAYER_VIEW_DISTANCE, requested));

/** Every chunk (x, z) a player standing in chunk `center` is sent at this view distance. */
export function forEachChunkInView(
  center: ChunkPos,
  viewDistance: number,
  visit: (x: number, z: number) => void,
): void {
  const r = viewDistance + 1;
  for (let x = center.x - r; x <= center.x + r; x++)
    for (let z = center.z - r; z <= center.z + r; z++)
      if (isWithinDistance(center, viewDistance, x, z, true)) visit(x, z);
}
