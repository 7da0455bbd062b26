import { describe, expect, test } from 'vitest';
import {
  BlockStateSyntaxError,
  blockStateKey,
  MapBlockSource,
  parseBlockStateKey,
} from '../../src/vocabulary/blocks/block-state.js';

describe('block state keys', () => {
  test.each([
    [{ name: 'minecraft:stone', properties: {} }, 'minecraft:stone'],
    [
      { name: 'minecraft:oak_door', properties: { half: 'lower', facing: 'north', open: 'false' } },
      'minecraft:oak_door[facing=north,half=lower,open=false]',
    ],
    [{ name: 'mymod:thing', properties: { level: '3' } }, 'mymod:thing[level=3]'],
  ])('%o -> %s and back', (state, key) => {
    expect(blockStateKey(state)).toBe(key);
    expect(parseBlockStateKey(key)).toEqual(state);
  });

  test.each([
    ['oak_log[axis=y]', { name: 'minecraft:oak_log', properties: { axis: 'y' } }],
    ['minecraft:oak_log[ axis = y ]', { name: 'minecraft:oak_log', properties: { axis: 'y' } }],
    ['stone[]', { name: 'minecraft:stone', properties: {} }],
  ])('parses the lenient form %s', (text, state) => {
    expect(parseBlockStateKey(text)).toEqual(state);
  });

  test.each(['', 'Stone', 'stone[axis]', 'stone[axis=y', 'a:b:c'])(
    'rejects %j with a typed error',
    (text) => {
      expect(() => parseBlockStateKey(text)).toThrow(BlockStateSyntaxError);
    },
  );
});

describe('MapBlockSource', () => {
  test('holds blocks, is air elsewhere and unloaded outside its loaded predicate', () => {
    const source = new MapBlockSource((p) => p.x >= 0).set({ x: 1, y: 2, z: 3 }, 'minecraft:stone');
    expect(source.readBlock({ x: 1, y: 2, z: 3 })).toEqual({ name: 'minecraft:stone', properties: {} });
    expect(source.readBlock({ x: 2, y: 2, z: 3 })).toEqual({ name: 'minecraft:air', properties: {} });
    expect(source.readBlock({ x: -1, y: 2, z: 3 })).toBe('unloaded');
  });
});
