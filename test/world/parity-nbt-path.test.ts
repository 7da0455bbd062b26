/**
 * NBT paths behave as vanilla 1.21.4's NbtPathArgument: every node kind on get, set, insert and remove,
 * the path text nothing_found quotes, the parse errors and their cursors, and Java HashMap key order.
 */
import { describe, expect, test } from 'vitest';
import {
  type NbtPath,
  pathGet,
  pathInsert,
  pathRemove,
  pathSet,
  readNbtPath,
} from '../../src/world/parity/nbt-path.js';
import { hashMapOrder, snbtString } from '../../src/world/parity/nbt-path-tags.js';
import { CommandSyntaxError, StringReader } from '../../src/world/parity/reader.js';
import { type CompoundTag, type Tag, parseCompound, readValue } from '../../src/world/parity/snbt.js';

const path = (text: string): NbtPath => readNbtPath(new StringReader(text));
const tag = (snbt: string): Tag => readValue(new StringReader(snbt));
const data = (): CompoundTag =>
  parseCompound('{Items:[{Slot:0b,id:"a"},{Slot:1b,id:"b"},{Slot:2b,id:"a"}],Tags:["x","y"],n:{v:1}}');
const texts = (tags: Tag[]) => tags.map(snbtString);

function syntaxError(run: () => unknown): CommandSyntaxError {
  try {
    run();
  } catch (err) {
    if (err instanceof CommandSyntaxError) return err;
    throw err;
  }
  throw new Error('no error');
}

describe('get', () => {
  test('keys, indexes (negative from the end), all elements, element and key filters, a root filter', () => {
    expect(texts(pathGet(path('n.v'), data()))).toEqual(['1']);
    expect(texts(pathGet(path('Tags[-1]'), data()))).toEqual(['"y"']);
    expect(texts(pathGet(path('Items[].id'), data()))).toEqual(['"a"', '"b"', '"a"']);
    expect(texts(pathGet(path('Items[{id:"a"}].Slot'), data()))).toEqual(['0b', '2b']);
    expect(texts(pathGet(path('n{v:1}.v'), data()))).toEqual(['1']);
    expect(pathGet(path('{n:{v:1}}'), data())).toHaveLength(1);
  });

  test('nothing found quotes the path up to the node that found nothing', () => {
    const err = syntaxError(() => pathGet(path('Items[5].id'), data()));
    expect([err.key, err.args]).toEqual(['arguments.nbtpath.nothing_found', ['Items[5]']]);
  });

  test('parse errors: an empty node, a filter after the root, a missing bracket', () => {
    const empty = syntaxError(() => path('a..b'));
    expect([empty.key, empty.cursor]).toEqual(['arguments.nbtpath.node.invalid', 2]);
    const filter = syntaxError(() => path('a[0]{b:1}'));
    expect([filter.key, filter.cursor]).toEqual(['arguments.nbtpath.node.invalid', 4]);
    const bracket = syntaxError(() => path('a[0'));
    expect([bracket.key, bracket.args]).toEqual(['parsing.expected', [']']]);
  });
});

describe('set, insert, remove', () => {
  test('set counts the changed tags; setting the same value changes nothing', () => {
    const d = data();
    expect(pathSet(path('Items[{id:"a"}].id'), d, tag('"c"'))).toBe(2);
    expect(texts(pathGet(path('Items[].id'), d))).toEqual(['"c"', '"b"', '"c"']);
    expect(pathSet(path('Items[].id'), d, tag('"b"'))).toBe(2);
    expect(pathSet(path('n.v'), d, tag('1'))).toBe(0);
  });

  test('set creates missing parents; a list refuses an element of another type', () => {
    const d = data();
    expect(pathSet(path('new.deep.key'), d, tag('1b'))).toBe(1);
    expect(texts(pathGet(path('new.deep.key'), d))).toEqual(['1b']);
    expect(pathSet(path('Tags[0]'), d, tag('5'))).toBe(0);
  });

  test('insert at an index and at the end; an index past the end is commands.data.modify.invalid_index', () => {
    const d = data();
    expect(pathInsert(path('Tags'), 1, d, [tag('"m"')])).toBe(1);
    expect(pathInsert(path('Tags'), -1, d, [tag('"z"')])).toBe(1);
    expect(texts(pathGet(path('Tags[]'), d))).toEqual(['"x"', '"m"', '"y"', '"z"']);
    const err = syntaxError(() => pathInsert(path('Tags'), 9, d, [tag('"q"')]));
    expect([err.key, err.args]).toEqual(['commands.data.modify.invalid_index', [9]]);
    const notList = syntaxError(() => pathInsert(path('n'), 0, d, [tag('1')]));
    expect([notList.key, notList.args]).toEqual(['commands.data.modify.expected_list', ['{v:1}']]);
  });

  test('remove counts what it removed: filtered elements, all elements, a key', () => {
    const d = data();
    expect(pathRemove(path('Items[{id:"a"}]'), d)).toBe(2);
    expect(pathRemove(path('Tags[]'), d)).toBe(2);
    expect(pathRemove(path('n.v'), d)).toBe(1);
    expect(pathRemove(path('n.v'), d)).toBe(0);
    expect(snbtString(d)).toBe('{Items:[{Slot:1b,id:"b"}],Tags:[],n:{}}');
  });
});

test('a compound prints its keys in Java HashMap order (bucket by String.hashCode, then insertion)', () => {
  // of 16 buckets: x 8, y 9, Items 10 (inserted before z, also 10), id 11; count 8, Slot 9, id 11
  expect(hashMapOrder(['Items', 'id', 'x', 'y', 'z'])).toEqual(['x', 'y', 'Items', 'z', 'id']);
  expect(hashMapOrder(['Slot', 'id', 'count'])).toEqual(['count', 'Slot', 'id']);
});
