/**
 * Commands rebuilt for a fix: a write with its coordinates written out (resolved from where the bot stood
 * when the command ran, so that a `~` no longer moves with the bot), a clone cut into pieces within the
 * server's limit, and a block state the server accepts in place of a refused one.
 */
import type { BlockWrite } from '../../commands/block-write.js';
import type { Box } from '../../vocabulary/blocks/box.js';
import { nearest } from '../../suggest/nearest.js';
import { type BlockStateInfo, registries } from '../../suggest/registries.js';
import { formatBlock } from '../batch/blocks.js';
import { fillCommand, formatFilter, splitBox } from './commands.js';
import { boxOf, formatPos, writeBox } from '../geometry.js';

/** The write as a command with absolute coordinates; undefined when its `~` could not be resolved. */
export const absoluteCommand = (w: BlockWrite): string | undefined => {
  if (w.unresolved || w.dimension !== undefined) return undefined;
  if (w.kind === 'setblock')
    return `setblock ${formatPos(w.pos)} ${formatBlock(w.block)}${w.mode === 'replace' ? '' : ` ${w.mode}`}`;
  if (w.kind === 'fill') return fillCommand(boxOf(w.from, w.to), w.block, w.mode, w.filter);
  if (w.sourceDimension !== undefined) return undefined;
  return cloneCommand(boxOf(w.from, w.to), formatPos(w.destination), w);
};

const cloneCommand = (box: Box, destination: string, w: Extract<BlockWrite, { kind: 'clone' }>): string => {
  const mask = w.maskMode === 'filtered' && w.filter ? `filtered ${formatFilter(w.filter)}` : w.maskMode;
  return `clone ${formatPos(box.min)} ${formatPos(box.max)} ${destination} ${mask} ${w.cloneMode}`;
};

/**
 * Clone commands, each within `limit` blocks, that together copy the same source to the same place: the
 * source cut into slabs, each sent to its own offset from the destination. Undefined where the pieces
 * could read what an earlier piece already wrote (source and destination overlap) or `move` empties
 * the source as it goes.
 */
export const splitClone = (
  w: Extract<BlockWrite, { kind: 'clone' }>,
  limit: number,
): string[] | undefined => {
  if (!cloneSplittable(w)) return undefined;
  const source = boxOf(w.from, w.to);
  return splitBox(source, limit).map((piece) => {
    const at = {
      x: w.destination.x + piece.min.x - source.min.x,
      y: w.destination.y + piece.min.y - source.min.y,
      z: w.destination.z + piece.min.z - source.min.z,
    };
    return cloneCommand(piece, formatPos(at), w);
  });
};

/** Whether `splitClone` can cut this clone at all (see there). */
export const cloneSplittable = (w: Extract<BlockWrite, { kind: 'clone' }>): boolean => {
  if (w.unresolved || w.sourceDimension !== undefined || w.dimension !== undefined) return false;
  const source = boxOf(w.from, w.to);
  const dest = writeBox(w);
  return !['x', 'y', 'z'].every(
    (a) => source.min[a as 'x'] <= dest.max[a as 'x'] && dest.min[a as 'x'] <= source.max[a as 'x'],
  );
};

const valuesOf = (s: BlockStateInfo): string[] =>
  s.values?.length ? s.values : s.type === 'bool' ? ['true', 'false'] : [];

/**
 * The command with a refused state replaced: `argument.block.property.invalid` [block, value, property]
 * gets the property's closest valid value (else its first); `argument.block.property.unknown` [block,
 * property] gets the closest state name the block has, or loses the state. Undefined where the command
 * does not spell the state as `property=value`.
 */
export const fixedStateCommand = (
  command: string,
  key: string,
  args: readonly string[],
  version: string,
): { command: string; change: string } | undefined => {
  const states = args[0] ? registries(version).states(args[0]) : undefined;
  if (!states) return undefined;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (key === 'argument.block.property.invalid') {
    const [, value, name] = args;
    const property = states.find((s) => s.name === name);
    if (!property || value === undefined) return undefined;
    const values = valuesOf(property);
    const best = nearest(value, values, 1)[0] ?? values[0];
    if (!best) return undefined;
    const pattern = new RegExp(`([\\[,]\\s*${escape(property.name)}\\s*=\\s*)${escape(value)}(?=\\s*[,\\]])`);
    if (!pattern.test(command)) return undefined;
    return { command: command.replace(pattern, `$1${best}`), change: `${property.name}=${best}` };
  }
  if (key === 'argument.block.property.unknown') {
    const wrong = args[1];
    if (wrong === undefined) return undefined;
    const pattern = new RegExp(`([\\[,])\\s*${escape(wrong)}\\s*=\\s*([^,\\]\\s]*)\\s*(,?)`);
    const m = pattern.exec(command);
    if (!m) return undefined;
    const close = nearest(
      wrong,
      states.map((s) => s.name),
      1,
    )[0];
    const property = close ? states.find((s) => s.name === close) : undefined;
    if (property && valuesOf(property).includes(m[2]!)) {
      return {
        command: command.replace(pattern, `$1${property.name}=${m[2]}$3`),
        change: `${property.name}=${m[2]}`,
      };
    }
    // the state is dropped (and an emptied [] with it)
    const dropped = command
      .replace(pattern, (_all, open: string) => open)
      .replace(/,\]/, ']')
      .replace(/\[\]/, '');
    return { command: dropped, change: `no ${wrong}` };
  }
  return undefined;
};
