/**
 * Replacements for a window, a door or a light set into the ceiling (glowstone) that the referee cannot say
 * where the rule put it: the same commands moved along the wall or the ceiling, nearest first, to cells that
 * are wall (plain blocks, not air) as the first ones were. The
 * referee tries each on the copy of the building and says the first that passes.
 */
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import { isAir } from '../../vocabulary/blocks/block-state.js';
import { type Cells, isPlainBlock } from './cells.js';
import type { ProposedStep } from '../steps.js';
import type { WorldRegion } from '../model/world-region.js';

/** How far along the wall a window or a door is moved, at most. */
const MAX_SHIFT = 4;

const SETBLOCK_OR_FILL = /^(\/?)(setblock|fill) (-?\d+) (-?\d+) (-?\d+)(?: (-?\d+) (-?\d+) (-?\d+))? (.+)$/;

/** The command moved by (dx, 0, dz); undefined when it is no setblock or fill at absolute coordinates. */
const shifted = (command: string, dx: number, dz: number): string | undefined => {
  const m = SETBLOCK_OR_FILL.exec(command.trim());
  if (!m) return undefined;
  const n = (i: number) => Number(m[i]);
  const from = `${n(3) + dx} ${n(4)} ${n(5) + dz}`;
  const to = m[6] === undefined ? '' : ` ${n(6) + dx} ${n(7)} ${n(8) + dz}`;
  return `${m[1]}${m[2]} ${from}${to} ${m[9]}`;
};

const isWall = (region: WorldRegion, p: BlockPos): boolean => {
  const b = region.at(p);
  return typeof b !== 'string' && !isAir(b) && isPlainBlock(b);
};

/**
 * The step's window, door or ceiling light moved along its wall or ceiling, nearest first (at most MAX_SHIFT each way), to cells that
 * are all wall; nothing for other steps, or where the first cells were not all wall (a door in a doorway).
 */
export const nearbyVariants = (step: ProposedStep, cells: Cells, region: WorldRegion): ProposedStep[] => {
  const { action } = step.step;
  if (action !== 'add_window' && action !== 'add_door' && action !== 'add_light') return [];
  const commands = step.step.suggestedArgs?.['commands'];
  if (!Array.isArray(commands) || !commands.every((c): c is string => typeof c === 'string')) return [];
  const written = [...cells.values()];
  if (!written.length || !written.every((w) => isWall(region, w.pos))) return [];
  // a row of panes runs along its wall: only that way
  const xs = new Set(written.map((w) => w.pos.x));
  const zs = new Set(written.map((w) => w.pos.z));
  const axes: Array<'x' | 'z'> = xs.size > 1 ? ['x'] : zs.size > 1 ? ['z'] : ['x', 'z'];
  const out: ProposedStep[] = [];
  // a way along which the wall has ended (air, a door, a window) is not followed further: never across a room
  const ended = new Set<string>();
  for (let d = 1; d <= MAX_SHIFT; d++)
    for (const sign of [1, -1])
      for (const axis of axes) {
        const way = `${axis}${sign}`;
        if (ended.has(way)) continue;
        const dx = axis === 'x' ? d * sign : 0;
        const dz = axis === 'z' ? d * sign : 0;
        if (!written.every((w) => isWall(region, { x: w.pos.x + dx, y: w.pos.y, z: w.pos.z + dz }))) {
          ended.add(way);
          continue;
        }
        const moved = commands.map((c) => shifted(c, dx, dz));
        if (moved.some((c) => c === undefined)) return [];
        out.push({
          ...step,
          step: {
            ...step.step,
            // the door is no longer in the middle of its wall
            description: step.step.description.replace('in the middle of its', 'in its'),
            suggestedArgs: { ...step.step.suggestedArgs, commands: moved as string[] },
          },
        });
      }
  return out;
};
