/**
 * What a proposed step writes, cell by cell, read from its commands by the command parser (src/commands),
 * never from the step's words: the block each cell gets, as vanilla's setblock, fill (with its modes) and
 * clone (with masked and move) would leave it. The referee tries these writes on a copy of the world as read.
 */
import { regionsOfWrite } from '../../commands/block-box.js';
import type { BlockSpec, BlockWrite } from '../../commands/block-write.js';
import { parseCommand } from '../../commands/parse.js';
import { type BlockPos, type Box, onShell } from '../../vocabulary/blocks/box.js';
import { AIR, type BlockState, isAir, namespaced } from '../../vocabulary/blocks/block-state.js';
import { collisionBoxes, isFullBlockShape } from '../../vocabulary/block-behaviour/index.js';
import { isLightSource } from '../block-data.js';
import { isDoorName, isGlassName } from '../batch/blocks.js';
import type { HintContext } from '../context.js';
import type { ProposedStep } from '../steps.js';
import type { WorldRegion } from '../model/world-region.js';

/** A step that writes more cells than this is not judged cell by cell. */
const MAX_JUDGED_CELLS = 4096;

/** Full cubes that are furniture or machines, not wall: a step never writes over them. */
const NOT_PLAIN = new Set([
  'crafting_table',
  'furnace',
  'blast_furnace',
  'smoker',
  'barrel',
  'jukebox',
  'note_block',
  'tnt',
  'spawner',
  'beehive',
  'bee_nest',
  'dispenser',
  'dropper',
  'observer',
  'piston',
  'sticky_piston',
  'command_block',
  'chain_command_block',
  'repeating_command_block',
  'structure_block',
  'jigsaw',
  'respawn_anchor',
  'lodestone',
  'loom',
  'cartography_table',
  'fletching_table',
  'smithing_table',
  'bookshelf',
  'chiseled_bookshelf',
  'target',
  'redstone_block',
]);

export const bare = (name: string): string => (name.startsWith('minecraft:') ? name.slice(10) : name);
export const cellKey = (p: BlockPos): string => `${p.x},${p.y},${p.z}`;
const stateOf = (b: BlockSpec): BlockState => ({ name: namespaced(b.name), properties: { ...b.states } });

/** Air, or a block a wall, floor or roof is made of. */
export const isPlainBlock = (b: BlockState): boolean =>
  isAir(b) ||
  (isFullBlockShape(collisionBoxes(b)) &&
    !isLightSource(b.name, b.properties) &&
    !isGlassName(b.name) &&
    !isDoorName(b.name) &&
    !NOT_PLAIN.has(bare(b.name)));

/** A cell a step writes: the block it gets; `moved`: emptied by a `clone … move` that carries its block away. */
export interface Written {
  pos: BlockPos;
  block: BlockState;
  moved?: boolean;
}
/** A step's writes by cell key (`x,y,z`), in the order its commands make them (the last write of a cell wins). */
export type Cells = Map<string, Written>;

/** The step's commands, or undefined when it runs no commands (another tool, or no arguments). */
export const commandsOf = (step: ProposedStep): string[] | undefined => {
  if (step.step.suggestedTool !== 'execute_commands') return undefined;
  const commands = step.step.suggestedArgs?.['commands'];
  return Array.isArray(commands) && commands.every((c) => typeof c === 'string')
    ? (commands as string[])
    : undefined;
};

/** The cells a step's commands write, with the block each gets; undefined when it cannot be told. */
export const writesOf = (step: ProposedStep, ctx: HintContext, region: WorldRegion): Cells | undefined => {
  if (step.step.suggestedTool !== 'execute_commands') return new Map();
  const commands = step.step.suggestedArgs?.['commands'];
  if (!Array.isArray(commands)) return new Map();
  const cells: Cells = new Map();
  for (const command of commands) {
    if (typeof command !== 'string') return undefined;
    const parsed = parseCommand(command, ctx.executor);
    if (!parsed.ok || parsed.unresolved) return undefined;
    for (const w of parsed.blockWrites) if (!addCells(w, cells, region)) return undefined;
  }
  return cells;
};

const sizeOf = (b: Box): number =>
  (b.max.x - b.min.x + 1) * (b.max.y - b.min.y + 1) * (b.max.z - b.min.z + 1);

const addCells = (w: BlockWrite, cells: Cells, region: WorldRegion): boolean => {
  const regions = regionsOfWrite(w);
  if (regions.reduce((n, r) => n + sizeOf(r.box), cells.size) > MAX_JUDGED_CELLS) return false;
  if (w.kind === 'clone') {
    const [dest, source] = regions;
    const from = {
      x: Math.min(w.from.x, w.to.x),
      y: Math.min(w.from.y, w.to.y),
      z: Math.min(w.from.z, w.to.z),
    };
    // the source first: a destination that overlaps it gets what is carried there
    if (source && w.cloneMode === 'move')
      forCells(source.box, (pos) => cells.set(cellKey(pos), { pos, block: AIR, moved: true }));
    if (dest)
      forCells(dest.box, (pos) => {
        const b = region.at({
          x: from.x + pos.x - dest.box.min.x,
          y: from.y + pos.y - dest.box.min.y,
          z: from.z + pos.z - dest.box.min.z,
        });
        const block = typeof b === 'string' ? AIR : b;
        // masked: air in the source leaves the destination as it is
        if (w.maskMode === 'masked' && isAir(block)) return;
        cells.set(cellKey(pos), { pos, block });
      });
    return true;
  }
  const block = stateOf(w.block);
  const box = regions[0]!.box;
  forCells(box, (pos) => {
    if (w.kind === 'fill' && (w.mode === 'hollow' || w.mode === 'outline')) {
      if (!onShell(box, pos)) {
        if (w.mode === 'hollow') cells.set(cellKey(pos), { pos, block: AIR });
        return;
      }
    }
    // keep: only air is replaced (vanilla's fill … keep)
    if (w.kind === 'fill' && w.mode === 'keep') {
      const before = region.at(pos);
      if (typeof before !== 'string' && !isAir(before)) return;
    }
    cells.set(cellKey(pos), { pos, block });
  });
  return true;
};

export const forCells = (box: Box, f: (p: BlockPos) => void): void => {
  for (let x = box.min.x; x <= box.max.x; x++)
    for (let y = box.min.y; y <= box.max.y; y++) for (let z = box.min.z; z <= box.max.z; z++) f({ x, y, z });
};

/** The bounding box of the cells, or undefined when there are none. */
export const boxOfCells = (cells: Iterable<Written>): Box | undefined => {
  let box: Box | undefined;
  for (const { pos } of cells)
    box = box
      ? {
          min: {
            x: Math.min(box.min.x, pos.x),
            y: Math.min(box.min.y, pos.y),
            z: Math.min(box.min.z, pos.z),
          },
          max: {
            x: Math.max(box.max.x, pos.x),
            y: Math.max(box.max.y, pos.y),
            z: Math.max(box.max.z, pos.z),
          },
        }
      : { min: pos, max: pos };
  return box;
};
