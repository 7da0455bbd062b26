/**
 * NBT paths (`Pos`, `Pos[1]`, `Tags[]`, `a.b`, `"quoted key"`) as vanilla 1.21.4's
 * net/minecraft/commands/arguments/NbtPathArgument.java reads and applies them (the subset without
 * compound filters); errors arguments.nbtpath.node.invalid and .nothing_found.
 */
import { readString } from './brigadier.js';
import type { StringReader } from './reader.js';
import type { Tag } from './snbt.js';

type Node = { kind: 'key'; key: string } | { kind: 'index'; index: number } | { kind: 'all' };

export interface NbtPath {
  text: string;
  nodes: Node[];
}

const unquotedChar = (c: string) => !' "\'[].{}'.includes(c);

function readKey(reader: StringReader): string {
  if (reader.peek() === '"' || reader.peek() === "'") return readString(reader);
  const start = reader.cursor;
  while (reader.canRead() && unquotedChar(reader.peek())) reader.skip();
  if (reader.cursor === start) throw reader.fail('arguments.nbtpath.node.invalid');
  return reader.input.slice(start, reader.cursor);
}

export function readNbtPath(reader: StringReader): NbtPath {
  const start = reader.cursor;
  const nodes: Node[] = [];
  let root = true;
  while (reader.canRead() && reader.peek() !== ' ') {
    const c = reader.peek();
    if (c === '[') {
      reader.skip();
      if (reader.peek() === ']') nodes.push({ kind: 'all' });
      else {
        const from = reader.cursor;
        while (reader.canRead() && /[-0-9]/.test(reader.peek())) reader.skip();
        const text = reader.input.slice(from, reader.cursor);
        if (!/^-?\d+$/.test(text)) throw reader.fail('arguments.nbtpath.node.invalid');
        nodes.push({ kind: 'index', index: Number(text) });
      }
      if (reader.peek() !== ']') throw reader.fail('parsing.expected', [']']);
      reader.skip();
    } else {
      if (!root) {
        if (c !== '.') throw reader.fail('arguments.nbtpath.node.invalid');
        reader.skip();
      }
      nodes.push({ kind: 'key', key: readKey(reader) });
    }
    root = false;
  }
  return { text: reader.input.slice(start, reader.cursor), nodes };
}

/** NbtPath.get: every tag the path reaches */
export function pathGet(path: NbtPath, root: Tag): Tag[] {
  let current: Tag[] = [root];
  for (const node of path.nodes) {
    const next: Tag[] = [];
    for (const tag of current) {
      if (node.kind === 'key' && tag.type === 'compound' && node.key in tag.value)
        next.push(tag.value[node.key]!);
      if (node.kind !== 'key' && tag.type === 'list') {
        const items = tag.value.value.map((v) => ({ type: tag.value.type, value: v }) as Tag);
        if (node.kind === 'all') next.push(...items);
        else {
          const i = node.index < 0 ? items.length + node.index : node.index;
          if (items[i]) next.push(items[i]);
        }
      }
    }
    current = next;
  }
  return current;
}
