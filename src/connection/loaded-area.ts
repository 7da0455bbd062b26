/**
 * The chunks a client holds, said as what they are: vanilla sends the chunks within a circle of the view
 * distance around the player (ChunkTrackingView.isWithinDistance, 1.21.4), so their bounding box holds
 * chunks that are not loaded — its corners at least, and more once the player has moved. The set is cut into
 * rectangles whose union is exactly the loaded chunks, and the box's holes into rectangles likewise, so that
 * a reader can be told either the parts or the box with its holes named, whichever is shorter.
 */

/** A rectangle of whole chunks, in block coordinates (x/z, both ends inclusive). */
export interface ChunkRect {
  min: { x: number; z: number };
  max: { x: number; z: number };
}

export interface LoadedArea {
  chunks: number;
  /** the box around every loaded chunk */
  min: { x: number; z: number };
  max: { x: number; z: number };
  /** rectangles whose union is exactly the loaded chunks */
  areas: ChunkRect[];
  /** rectangles whose union is exactly the chunks of the box that are not loaded */
  notLoaded: ChunkRect[];
}

/** The loaded area of these chunk columns ([chunkX, chunkZ]); undefined when there are none. */
export function loadedArea(chunks: Iterable<readonly [number, number]>): LoadedArea | undefined {
  const held = new Set<string>();
  for (const [x, z] of chunks) held.add(`${x},${z}`);
  if (held.size === 0) return undefined;
  const xs: number[] = [];
  const zs: number[] = [];
  for (const key of held) {
    const [x, z] = key.split(',').map(Number) as [number, number];
    xs.push(x);
    zs.push(z);
  }
  const box = { x0: Math.min(...xs), x1: Math.max(...xs), z0: Math.min(...zs), z1: Math.max(...zs) };
  const loaded = (x: number, z: number) => held.has(`${x},${z}`);
  return {
    chunks: held.size,
    min: { x: box.x0 * 16, z: box.z0 * 16 },
    max: { x: box.x1 * 16 + 15, z: box.z1 * 16 + 15 },
    areas: rectangles(box, loaded),
    notLoaded: rectangles(box, (x, z) => !loaded(x, z)),
  };
}

/**
 * The cells of the box where `inside` holds, as rectangles: each row's runs, and a run that spans the same
 * columns as one in the row before extends that rectangle.
 */
function rectangles(
  box: { x0: number; x1: number; z0: number; z1: number },
  inside: (x: number, z: number) => boolean,
): ChunkRect[] {
  const done: Array<{ x0: number; x1: number; z0: number; z1: number }> = [];
  let open = new Map<string, { x0: number; x1: number; z0: number; z1: number }>();
  for (let z = box.z0; z <= box.z1; z++) {
    const next = new Map<string, { x0: number; x1: number; z0: number; z1: number }>();
    for (let x = box.x0; x <= box.x1; x++) {
      if (!inside(x, z)) continue;
      const x0 = x;
      while (x + 1 <= box.x1 && inside(x + 1, z)) x++;
      const key = `${x0},${x}`;
      const rect = open.get(key) ?? { x0, x1: x, z0: z, z1: z };
      rect.z1 = z;
      open.delete(key);
      next.set(key, rect);
    }
    done.push(...open.values());
    open = next;
  }
  done.push(...open.values());
  return done
    .sort((a, b) => a.z0 - b.z0 || a.x0 - b.x0)
    .map((r) => ({
      min: { x: r.x0 * 16, z: r.z0 * 16 },
      max: { x: r.x1 * 16 + 15, z: r.z1 * 16 + 15 },
    }));
}
