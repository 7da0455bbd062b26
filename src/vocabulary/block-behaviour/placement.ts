/**
 * How a server of a given version places a block written by `setblock` or `fill`, the one place where the
 * versions differ (read from each release's `BlockInput.place`, Mojang names; `BlockStateArgument` in yarn):
 * - every release from 1.13 runs the written state through `Block.updateFromNeighbourShapes` and updates
 *   the neighbours' shapes (`Level.setBlock` without flag 16);
 * - from 1.21.4 `overwriteWithDefinedProperties` puts the properties the command named back over the
 *   shaped state (1.20–1.21.3 keep the shaped state: a named side a neighbour overrides does not stick);
 * - from 1.21.5 `setblock … strict` and `fill … strict` place the state as written, with flag 16 and no
 *   neighbour updates (`fill`/`setblock` without it still shape).
 * A version this module cannot read (a snapshot name) is taken as the newest behaviour.
 */

export interface Placement {
  /** the properties a command names stay over the shaped state (overwriteWithDefinedProperties) */
  keepsNamedProperties: boolean;
  /** `strict` exists: it skips the shapes of the written block and of its neighbours */
  hasStrict: boolean;
}

/** `1.21.4` → [1, 21, 4]; `26.1` → [26, 1, 0]; undefined when it is no release number */
const releaseOf = (version: string): [number, number, number] | undefined => {
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?$/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : undefined;
};

/** `version` is at least `[major, minor, patch]` (unknown versions count as the newest) */
const atLeast = (version: string, [a, b, c]: [number, number, number]): boolean => {
  const r = releaseOf(version);
  if (!r) return true;
  return r[0] !== a ? r[0] > a : r[1] !== b ? r[1] > b : r[2] >= c;
};

export function placementOf(version: string): Placement {
  return {
    keepsNamedProperties: atLeast(version, [1, 21, 4]),
    hasStrict: atLeast(version, [1, 21, 5]),
  };
}
