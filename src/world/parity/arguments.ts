/** Argument parsers for the parity commands, with vanilla's error keys and cursor positions. */

import type { ComponentObject, TextComponent } from '../../vocabulary/text/message.js';
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import { type BlockDef, type BlockStates, stripNamespace } from './block-states.js';
import type { StringReader } from './reader.js';
import { matchesPattern } from './nbt-path-tags.js';
import { type CompoundTag, readCompound } from './snbt.js';

export interface SourcePose {
  x: number;
  y: number;
  z: number;
  /** degrees, vanilla convention */
  yaw: number;
  pitch: number;
}

type Axis = { relative: boolean; value: number };

function readWorldCoordinate(reader: StringReader, isInt: boolean): Axis {
  if (reader.peek() === '^') throw reader.fail('argument.pos.mixed');
  if (!reader.canRead()) throw reader.fail('argument.pos.missing.int');
  if (reader.peek() === '~') {
    reader.skip();
    const value = reader.canRead() && reader.peek() !== ' ' ? reader.readDouble() : 0;
    return { relative: true, value };
  }
  return { relative: false, value: isInt ? reader.readInt() : reader.readDouble() };
}

/** `x y z` with absolute, `~` or `^` parts, resolved to a block position like vanilla's BlockPosArgument. */
export function readBlockPos(reader: StringReader, pose: SourcePose): BlockPos {
  const start = reader.cursor;
  if (reader.peek() === '^') return readLocal(reader, pose, start);
  const axes: Axis[] = [];
  for (let i = 0; i < 3; i++) {
    if (i > 0) {
      if (!(reader.canRead() && reader.peek() === ' ')) {
        reader.cursor = start;
        throw reader.fail('argument.pos3d.incomplete');
      }
      reader.skip();
    }
    axes.push(readWorldCoordinate(reader, true));
  }
  const [ax, ay, az] = axes as [Axis, Axis, Axis];
  const resolve = (a: Axis, base: number) => Math.floor(a.relative ? base + a.value : a.value);
  return { x: resolve(ax, pose.x), y: resolve(ay, pose.y), z: resolve(az, pose.z) };
}

function readLocal(reader: StringReader, pose: SourcePose, start: number): BlockPos {
  const parts: number[] = [];
  for (let i = 0; i < 3; i++) {
    if (i > 0) {
      if (!(reader.canRead() && reader.peek() === ' ')) {
        reader.cursor = start;
        throw reader.fail('argument.pos3d.incomplete');
      }
      reader.skip();
    }
    if (reader.peek() !== '^') throw reader.fail('argument.pos.mixed');
    reader.skip();
    parts.push(reader.canRead() && reader.peek() !== ' ' ? reader.readDouble() : 0);
  }
  const [left, up, forwards] = parts as [number, number, number];
  const p = localToWorld(pose, left, up, forwards);
  return { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) };
}

/** vanilla LocalCoordinates.getPosition, in float precision like the game */
export function localToWorld(pose: SourcePose, left: number, up: number, forwards: number) {
  const rad = Math.PI / 180;
  const f = Math.fround(Math.cos((pose.yaw + 90) * rad));
  const f1 = Math.fround(Math.sin((pose.yaw + 90) * rad));
  const f2 = Math.fround(Math.cos(-pose.pitch * rad));
  const f3 = Math.fround(Math.sin(-pose.pitch * rad));
  const f4 = Math.fround(Math.cos((-pose.pitch + 90) * rad));
  const f5 = Math.fround(Math.sin((-pose.pitch + 90) * rad));
  const fwd = { x: f * f2, y: f3, z: f1 * f2 };
  const upv = { x: f * f4, y: f5, z: f1 * f4 };
  // left = -(forward × up)
  const lft = {
    x: -(fwd.y * upv.z - fwd.z * upv.y),
    y: -(fwd.z * upv.x - fwd.x * upv.z),
    z: -(fwd.x * upv.y - fwd.y * upv.x),
  };
  return {
    x: pose.x + fwd.x * forwards + upv.x * up + lft.x * left,
    y: pose.y + fwd.y * forwards + upv.y * up + lft.y * left,
    z: pose.z + fwd.z * forwards + upv.z * up + lft.z * left,
  };
}

export interface ParsedBlockState {
  block: BlockDef;
  stateId: number;
  /** properties the command named */
  named: Record<string, string>;
  /** the `{…}` block entity data (BlockStateParser.readNbt), loaded into the block entity on placement */
  nbt?: CompoundTag;
}

const isIdChar = (c: string) => /[0-9a-z_:/.-]/.test(c);

function readId(reader: StringReader): string {
  const start = reader.cursor;
  while (reader.canRead() && isIdChar(reader.peek())) reader.skip();
  return reader.input.slice(start, reader.cursor);
}

/** `name[prop=value,…]{nbt}` as vanilla's BlockStateParser reads it (tags refused: setblock/fill want a block). */
export function readBlockState(reader: StringReader, states: BlockStates): ParsedBlockState {
  const start = reader.cursor;
  if (reader.peek() === '#') throw reader.fail('argument.block.tag.disallowed');
  const id = readId(reader);
  const block = states.block(id);
  if (!block || id === '' || (id.includes(':') && !id.startsWith('minecraft:'))) {
    reader.cursor = start;
    throw reader.fail('argument.block.id.invalid', [id]);
  }
  const named = readProperties(reader, `minecraft:${block.name}`);
  const stateId = states.stateId(block, named);
  if (typeof stateId !== 'number') {
    reader.cursor = start;
    if ('unknownProperty' in stateId) {
      throw reader.fail('argument.block.property.unknown', [
        `minecraft:${block.name}`,
        stateId.unknownProperty,
      ]);
    }
    throw reader.fail('argument.block.property.invalid', [
      `minecraft:${block.name}`,
      stateId.badValue,
      stateId.property,
    ]);
  }
  if (reader.canRead() && reader.peek() === '{') return { block, stateId, named, nbt: readCompound(reader) };
  return { block, stateId, named };
}

function readProperties(reader: StringReader, blockName: string): Record<string, string> {
  const named: Record<string, string> = {};
  if (reader.peek() !== '[') return named;
  reader.skip();
  reader.skipWhitespace();
  while (reader.canRead() && reader.peek() !== ']') {
    reader.skipWhitespace();
    const keyStart = reader.cursor;
    const key = readId(reader);
    if (key === '') throw reader.fail('argument.block.property.unclosed');
    if (key in named) {
      reader.cursor = keyStart;
      throw reader.fail('argument.block.property.duplicate', [key, blockName]);
    }
    reader.skipWhitespace();
    if (reader.peek() !== '=') throw reader.fail('argument.block.property.novalue', [key, blockName]);
    reader.skip();
    reader.skipWhitespace();
    named[key] = readId(reader);
    reader.skipWhitespace();
    if (reader.peek() === ',') {
      reader.skip();
      continue;
    }
    if (reader.peek() !== ']') throw reader.fail('argument.block.property.unclosed');
  }
  if (!reader.canRead()) throw reader.fail('argument.block.property.unclosed');
  reader.skip();
  return named;
}

/**
 * A block predicate (BlockPredicateArgument) for `fill … replace`, `clone … filtered` and `execute if block`:
 * a block or a `#tag` with states, and `{nbt}` that the block entity's saveWithFullMetadata must match
 * (NbtUtils.compareNbt, partial): with NBT a block without a block entity never matches. `blockData` is
 * read only when the predicate has NBT.
 */
export type BlockPredicate = (stateId: number, blockData: () => CompoundTag | undefined) => boolean;

function withNbt(matches: (id: number) => boolean, nbt: CompoundTag | undefined): BlockPredicate {
  if (!nbt) return (id) => matches(id);
  return (id, blockData) => {
    if (!matches(id)) return false;
    const data = blockData();
    return data !== undefined && matchesPattern(nbt, data);
  };
}

export function readBlockPredicate(
  reader: StringReader,
  states: BlockStates,
  tags: Record<string, string[]>,
): BlockPredicate {
  const start = reader.cursor;
  if (reader.peek() === '#') {
    reader.skip();
    const tag = stripNamespace(readId(reader));
    const members = tags[tag];
    if (!members) {
      reader.cursor = start;
      throw reader.fail('arguments.block.tag.unknown', [tag]);
    }
    const named = readProperties(reader, `#${tag}`);
    const nbt = reader.canRead() && reader.peek() === '{' ? readCompound(reader) : undefined;
    const set = new Set(members);
    return withNbt((id) => set.has(states.blockOf(id)?.name ?? '') && matchesNamed(states, id, named), nbt);
  }
  const parsed = readBlockState(reader, states);
  return withNbt(
    (id) => states.blockOf(id)?.name === parsed.block.name && matchesNamed(states, id, parsed.named),
    parsed.nbt,
  );
}

function matchesNamed(states: BlockStates, stateId: number, named: Record<string, string>): boolean {
  const props = states.properties(stateId);
  return Object.entries(named).every(([k, v]) => props[k] === v);
}

/** Reads the rest of the input as a JSON text component (1.21.4 parses JSON here; 1.21.5 moved to SNBT). */
export function readJsonComponent(reader: StringReader): TextComponent {
  const start = reader.cursor;
  const text = reader.remaining();
  try {
    const value = decodeJsonComponent(JSON.parse(text) as TextComponent);
    reader.cursor = reader.input.length;
    return value;
  } catch (err) {
    reader.cursor = start;
    throw reader.fail('argument.component.invalid', [(err as Error).message]);
  }
}

/**
 * A component as vanilla reads JSON text and writes it back to the network
 * (network/chat/ComponentSerialization.java and Component.tryCollapseToString, 1.21.4): a list is its first
 * element with the others appended to its siblings (createFromList), at any depth; a plain literal with no
 * style and no siblings is written as a bare string.
 */
export function decodeJsonComponent(c: TextComponent): TextComponent {
  if (Array.isArray(c)) {
    if (c.length === 0) throw new Error('List must have contents');
    const [first, ...rest] = c.map(decodeJsonComponent);
    const base: ComponentObject =
      typeof first === 'object' && first !== null
        ? { ...(first as ComponentObject) }
        : { text: String(first) };
    if (rest.length) base.extra = [...(base.extra ?? []), ...rest];
    return collapse(base);
  }
  if (c === null || typeof c !== 'object') return c;
  const out: ComponentObject = { ...c };
  if (Array.isArray(c.extra)) out.extra = c.extra.map(decodeJsonComponent);
  if (Array.isArray(c.with))
    out.with = c.with.map((arg) => (typeof arg === 'object' ? decodeJsonComponent(arg) : arg));
  return collapse(out);
}

function collapse(c: ComponentObject): TextComponent {
  if (typeof c.text !== 'string' || (c.type !== undefined && c.type !== 'text')) return c;
  const plain = Object.keys(c).every(
    (k) => k === 'text' || k === 'type' || (k === 'extra' && (c.extra ?? []).length === 0),
  );
  return plain ? c.text : c;
}
