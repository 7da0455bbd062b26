/** Valid block ids close to a mistyped one, from the server version's block registry (src/suggest/registries). */
import { nearest } from '../../suggest/nearest.js';
import { FALLBACK_VERSION, registries } from '../../suggest/registries.js';
import { bare } from '../batch/blocks.js';

export { editDistance } from '../../suggest/nearest.js';

/**
 * Up to `max` block ids (without namespace) nearest to `wrong`: a known slip alone (oak_plank → oak_planks),
 * else by edit distance, closest first, ties by name; only those within a third of the word's length (at
 * least 2 edits). The same scan, cached, as "did you mean" in src/suggest.
 */
export const closeBlockIds = (wrong: string, version = FALLBACK_VERSION, max = 5): string[] =>
  nearest(bare(wrong.toLowerCase()), registries(version).blocks, max);
