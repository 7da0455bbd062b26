/**
 * A note block's instrument, as NoteBlock.setInstrument computes it in its updateShape along the vertical
 * axis (net/minecraft/world/level/block/NoteBlock, 1.21.4): a mob head above gives its own instrument
 * (NoteBlockInstrument.worksAboveNoteBlock: the skulls and heads standing on the floor, the player head
 * `custom_head`); otherwise the instrument of the block below, harp when that block is itself a head.
 * A block's instrument is its BlockBehaviour.Properties.instrument in Blocks.java (1.21.4), extracted by
 * scripts/vanilla-tables/note-block-instruments.mjs into note-block-instruments.json (blocks it leaves
 * out: harp). Heads on a wall are harp there (`wallVariant` copies no instrument).
 */
import type { BlockState } from '../blocks/block-state.js';
import table from './note-block-instruments.json' with { type: 'json' };
import { bare } from './blocks.js';

const INSTRUMENTS: Readonly<Record<string, string>> = table;
/** NoteBlockInstrument.Type MOB_HEAD and CUSTOM */
const ABOVE_NOTE_BLOCK = new Set([
  'zombie',
  'skeleton',
  'creeper',
  'dragon',
  'wither_skeleton',
  'piglin',
  'custom_head',
]);

export const isNoteBlock = (s: BlockState) => s.name === 'minecraft:note_block';
/** BlockBehaviour.BlockStateBase.instrument() */
export const instrumentOf = (s: BlockState) => INSTRUMENTS[bare(s.name)] ?? 'harp';

/** NoteBlock.setInstrument; undefined when the block that decides cannot be read */
export function noteBlockInstrument(
  above: BlockState | undefined,
  below: BlockState | undefined,
): string | undefined {
  if (above === undefined) return undefined;
  const top = instrumentOf(above);
  if (ABOVE_NOTE_BLOCK.has(top)) return top;
  if (below === undefined) return undefined;
  const bottom = instrumentOf(below);
  return ABOVE_NOTE_BLOCK.has(bottom) ? 'harp' : bottom;
}
