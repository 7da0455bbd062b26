/**
 * DataVersion per Minecraft release, from minecraft-data's protocolVersions.json (`dataVersion`), and the
 * release a DataVersion was written by.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface Row {
  minecraftVersion: string;
  dataVersion?: number;
}

/** the last DataVersion before the 1.13 flattening (1.12.2) */
export const LAST_LEGACY_DATA_VERSION = 1343;
/** the DataVersion whose block states the flattening table writes (1.13's 17w47a, schema 1451) */
export const FLATTENING_DATA_VERSION = 1451;

let releases: Array<{ version: string; dataVersion: number }> | undefined;

/** Releases (no snapshots) with a DataVersion, newest first. */
function releaseRows(): Array<{ version: string; dataVersion: number }> {
  if (releases) return releases;
  const rows = require('minecraft-data/minecraft-data/data/pc/common/protocolVersions.json') as Row[];
  releases = rows
    .filter(
      (r) => r.dataVersion !== undefined && r.dataVersion > 0 && /^\d+(\.\d+)+$/.test(r.minecraftVersion),
    )
    .map((r) => ({ version: r.minecraftVersion, dataVersion: r.dataVersion! }))
    .sort((a, b) => b.dataVersion - a.dataVersion);
  return releases;
}

/** The DataVersion of release `version` (e.g. 1.21.4 → 4189); undefined when minecraft-data lacks it. */
export function dataVersionOfRelease(version: string): number | undefined {
  return releaseRows().find((r) => r.version === version)?.dataVersion;
}

/**
 * The release that writes `dataVersion` ("1.16.4"), or the span it lies in for a snapshot's
 * ("between 1.16.5 and 1.17"); "newer than 26.3" past the last one minecraft-data knows.
 */
export function releaseOfDataVersion(dataVersion: number): string {
  const rows = releaseRows();
  const exact = rows.find((r) => r.dataVersion === dataVersion);
  if (exact) return exact.version;
  const newest = rows[0];
  if (!newest || dataVersion > newest.dataVersion)
    return `newer than ${newest?.version ?? 'any known release'}`;
  const below = rows.find((r) => r.dataVersion < dataVersion);
  const above = [...rows].reverse().find((r) => r.dataVersion > dataVersion);
  if (!below) return `older than ${above?.version ?? '1.0'}`;
  return `a snapshot between ${below.version} and ${above?.version ?? 'now'}`;
}
