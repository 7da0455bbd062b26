/**
 * NBT paths (`Pos`, `Pos[1]`, `Tags[]`, `a.b`, `"quoted key"`, `Items[{Slot:0b}]`, `{a:1b}`, `a{b:1b}`) as
 * vanilla 1.21.4's net/minecraft/commands/arguments/NbtPathArgument.java reads and applies them: get,
 * getOrCreate, set, insert and remove with every node kind; errors arguments.nbtpath.node.invalid,
 * .nothing_found (the path up to the node that found nothing), .too_deep, commands.data.modify.expected_list
 * and .invalid_index.
 */
import { readBrigadierInt, readString } from './brigadier.js';
import {
  checkDepth,
  clearCollection,
  collectionSize,
  copyTag,
  elements,
  isCollection,
  matchesPattern,
  putElement,
  removeElement,
  snbtString,
  tagEquals,
} from './nbt-path-tags.js';
import { CommandSyntaxError, type StringReader } from './reader.js';
import { type CompoundTag, type Tag, readCompound } from './snbt.js';

type Node =
  | { kind: 'key'; key: string }
  | { kind: 'keyMatch'; key: string; pattern: CompoundTag }
  | { kind: 'index'; index: number }
  | { kind: 'elementMatch'; pattern: CompoundTag }
  | { kind: 'all' }
  | { kind: 'rootMatch'; pattern: CompoundTag };

export interface NbtPath {
  text: string;
  nodes: Node[];
  /** for each node, the length of the path text up to and including it (nothing_found quotes that much) */
  ends: number[];
}

const unquotedChar = (c: string) => !' "\'[].{}'.includes(c);

function objectNode(reader: StringReader, key: string): Node {
  if (reader.canRead() && reader.peek() === '{')
    return { kind: 'keyMatch', key, pattern: readCompound(reader) };
  return { kind: 'key', key };
}

function expectChar(reader: StringReader, c: string): void {
  if (!reader.canRead() || reader.peek() !== c) throw reader.fail('parsing.expected', [c]);
  reader.skip();
}

function parseNode(reader: StringReader, first: boolean): Node {
  const c = reader.peek();
  if (c === '"' || c === "'") return objectNode(reader, readString(reader));
  if (c === '[') {
    reader.skip();
    const next = reader.peek();
    if (next === '{') {
      const pattern = readCompound(reader);
      expectChar(reader, ']');
      return { kind: 'elementMatch', pattern };
    }
    if (next === ']') {
      reader.skip();
      return { kind: 'all' };
    }
    const index = readBrigadierInt(reader);
    expectChar(reader, ']');
    return { kind: 'index', index };
  }
  if (c === '{') {
    if (!first) throw reader.fail('arguments.nbtpath.node.invalid');
    return { kind: 'rootMatch', pattern: readCompound(reader) };
  }
  const start = reader.cursor;
  while (reader.canRead() && unquotedChar(reader.peek())) reader.skip();
  if (reader.cursor === start) throw reader.fail('arguments.nbtpath.node.invalid');
  return objectNode(reader, reader.input.slice(start, reader.cursor));
}

export function readNbtPath(reader: StringReader): NbtPath {
  const start = reader.cursor;
  const nodes: Node[] = [];
  const ends: number[] = [];
  while (reader.canRead() && reader.peek() !== ' ') {
    nodes.push(parseNode(reader, nodes.length === 0));
    ends.push(reader.cursor - start);
    if (reader.canRead() && !' [{'.includes(reader.peek())) expectChar(reader, '.');
  }
  return { text: reader.input.slice(start, reader.cursor), nodes, ends };
}

function getOne(node: Node, tag: Tag, out: Tag[]): void {
  switch (node.kind) {
    case 'key':
      if (tag.type === 'compound' && tag.value[node.key]) out.push(tag.value[node.key]!);
      return;
    case 'keyMatch':
      if (tag.type === 'compound' && tag.value[node.key] && matchesPattern(node.pattern, tag.value[node.key]))
        out.push(tag.value[node.key]!);
      return;
    case 'index': {
      const items = elements(tag);
      const i = node.index < 0 ? items.length + node.index : node.index;
      if (i >= 0 && i < items.length) out.push(items[i]!);
      return;
    }
    case 'elementMatch':
      if (tag.type === 'list') out.push(...elements(tag).filter((t) => matchesPattern(node.pattern, t)));
      return;
    case 'all':
      out.push(...elements(tag));
      return;
    case 'rootMatch':
      if (tag.type === 'compound' && matchesPattern(node.pattern, tag)) out.push(tag);
  }
}

function getOrCreateOne(node: Node, tag: Tag, create: () => Tag, out: Tag[]): void {
  if (node.kind === 'key' && tag.type === 'compound') {
    tag.value[node.key] ??= create();
    out.push(tag.value[node.key]!);
  } else if (node.kind === 'keyMatch' && tag.type === 'compound') {
    const child = tag.value[node.key];
    if (!child) out.push((tag.value[node.key] = copyTag(node.pattern)));
    else if (matchesPattern(node.pattern, child)) out.push(child);
  } else if (node.kind === 'elementMatch' && tag.type === 'list') {
    const found = elements(tag).filter((t) => matchesPattern(node.pattern, t));
    if (found.length > 0) out.push(...found);
    else {
      const added = copyTag(node.pattern);
      if (putElement(tag, collectionSize(tag), added, false)) out.push(elements(tag).at(-1)!);
    }
  } else if (node.kind === 'all' && isCollection(tag)) {
    if (collectionSize(tag) === 0) {
      if (putElement(tag, 0, create(), false)) out.push(elements(tag)[0]!);
    } else out.push(...elements(tag));
  } else getOne(node, tag, out);
}

/** Node.createPreferredParentTag */
const parentFor = (node: Node): Tag =>
  node.kind === 'index' || node.kind === 'elementMatch' || node.kind === 'all'
    ? { type: 'list', value: { type: 'end', value: [] } }
    : { type: 'compound', value: {} };

const notFound = (path: NbtPath, i: number) =>
  new CommandSyntaxError('arguments.nbtpath.nothing_found', [path.text.slice(0, path.ends[i])]);

/** NbtPath.get: every tag the path reaches; nothing is the thrown nothing_found */
export function pathGet(path: NbtPath, root: Tag): Tag[] {
  let current: Tag[] = [root];
  path.nodes.forEach((node, i) => {
    const next: Tag[] = [];
    for (const tag of current) getOne(node, tag, next);
    if (next.length === 0) throw notFound(path, i);
    current = next;
  });
  return current;
}

function parents(path: NbtPath, root: Tag): Tag[] {
  let current: Tag[] = [root];
  for (let i = 0; i < path.nodes.length - 1; i++) {
    const next: Tag[] = [];
    const child = path.nodes[i + 1]!;
    for (const tag of current) getOrCreateOne(path.nodes[i]!, tag, () => parentFor(child), next);
    if (next.length === 0) throw notFound(path, i);
    current = next;
  }
  return current;
}

/** NbtPath.getOrCreate */
export function pathGetOrCreate(path: NbtPath, root: Tag, create: () => Tag): Tag[] {
  const last = path.nodes.at(-1)!;
  const out: Tag[] = [];
  for (const tag of parents(path, root)) getOrCreateOne(last, tag, create, out);
  return out;
}

function setOne(node: Node, tag: Tag, value: () => Tag): number {
  if ((node.kind === 'key' || node.kind === 'keyMatch') && tag.type === 'compound') {
    const old = tag.value[node.key];
    if (node.kind === 'keyMatch' && !matchesPattern(node.pattern, old)) return 0;
    const next = value();
    tag.value[node.key] = next;
    return old && tagEquals(old, next) ? 0 : 1;
  }
  if (node.kind === 'index' && isCollection(tag)) {
    const size = collectionSize(tag);
    const i = node.index < 0 ? size + node.index : node.index;
    if (i < 0 || i >= size) return 0;
    const next = value();
    return !tagEquals(next, elements(tag)[i]!) && putElement(tag, i, next, true) ? 1 : 0;
  }
  if (node.kind === 'elementMatch' && tag.type === 'list') {
    if (tag.value.value.length === 0) return putElement(tag, 0, value(), false) ? 1 : 0;
    let changed = 0;
    elements(tag).forEach((old, i) => {
      if (!matchesPattern(node.pattern, old)) return;
      const next = value();
      if (!tagEquals(next, old) && putElement(tag, i, next, true)) changed++;
    });
    return changed;
  }
  if (node.kind === 'all' && isCollection(tag)) {
    const size = collectionSize(tag);
    if (size === 0) return putElement(tag, 0, value(), false) ? 1 : 0;
    const next = value();
    const changed = size - elements(tag).filter((t) => tagEquals(next, t)).length;
    if (changed === 0) return 0;
    clearCollection(tag);
    if (!putElement(tag, 0, next, false)) return 0;
    for (let i = 1; i < size; i++) putElement(tag, i, value(), false);
    return changed;
  }
  return 0;
}

/** NbtPath.set: how many tags changed */
export function pathSet(path: NbtPath, root: Tag, value: Tag): number {
  checkDepth(value, path.nodes.length);
  const last = path.nodes.at(-1)!;
  return parents(path, root).reduce((n, tag) => n + setOne(last, tag, () => copyTag(value)), 0);
}

/** NbtPath.insert: into every list the path reaches (created when missing); how many lists changed */
export function pathInsert(path: NbtPath, index: number, root: Tag, values: Tag[]): number {
  for (const v of values) checkDepth(v, path.nodes.length);
  let changed = 0;
  for (const list of pathGetOrCreate(path, root, () => ({
    type: 'list',
    value: { type: 'end', value: [] },
  }))) {
    if (!isCollection(list))
      throw new CommandSyntaxError('commands.data.modify.expected_list', [snbtString(list)]);
    let at = index < 0 ? collectionSize(list) + index + 1 : index;
    let any = false;
    for (const v of values) {
      try {
        if (putElement(list, at, copyTag(v), false)) {
          at++;
          any = true;
        }
      } catch {
        throw new CommandSyntaxError('commands.data.modify.invalid_index', [at]);
      }
    }
    if (any) changed++;
  }
  return changed;
}

function removeOne(node: Node, tag: Tag): number {
  if ((node.kind === 'key' || node.kind === 'keyMatch') && tag.type === 'compound') {
    const old = tag.value[node.key];
    if (!old || (node.kind === 'keyMatch' && !matchesPattern(node.pattern, old))) return 0;
    delete tag.value[node.key];
    return 1;
  }
  if (node.kind === 'index' && isCollection(tag)) {
    const size = collectionSize(tag);
    const i = node.index < 0 ? size + node.index : node.index;
    if (i < 0 || i >= size) return 0;
    removeElement(tag, i);
    return 1;
  }
  if (node.kind === 'elementMatch' && tag.type === 'list') {
    let removed = 0;
    const items = elements(tag);
    for (let i = items.length - 1; i >= 0; i--) {
      if (matchesPattern(node.pattern, items[i]!)) {
        removeElement(tag, i);
        removed++;
      }
    }
    return removed;
  }
  if (node.kind === 'all' && isCollection(tag)) {
    const size = collectionSize(tag);
    clearCollection(tag);
    return size;
  }
  return 0;
}

/** NbtPath.remove: how many tags were removed (0 when the path reaches nothing) */
export function pathRemove(path: NbtPath, root: Tag): number {
  let current: Tag[] = [root];
  for (const node of path.nodes.slice(0, -1)) {
    const next: Tag[] = [];
    for (const tag of current) getOne(node, tag, next);
    current = next;
  }
  const last = path.nodes.at(-1)!;
  return current.reduce((n, tag) => n + removeOne(last, tag), 0);
}
