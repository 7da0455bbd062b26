/**
 * A newer server drawn with 1.21.4 assets: chunks and block updates re-encoded by block name and states
 * (block state ids differ between versions; the page only knows 1.21.4's).
 */
import { createRequire } from 'node:module';
import { Vec3 } from 'vec3';
import { expect, test } from 'vitest';
import { translator } from '../../src/viewer/translate.js';

const require = createRequire(import.meta.url);
type Block = { name: string; stateId: number; getProperties(): Record<string, unknown> };
type BlockClass = { fromProperties(n: string, p: Record<string, string>, b: number): Block };
type Column = {
  setBlockStateId(p: Vec3, id: number): void;
  getBlock(p: Vec3): Block;
  toJson(): string;
};
const B11 = (require('prismarine-block') as (v: string) => BlockClass)('1.21.11');
const B4 = (require('prismarine-block') as (v: string) => BlockClass)('1.21.4');
const chunk = require('prismarine-chunk') as (v: string) => {
  new (o: { minY: number; worldHeight: number }): Column;
  fromJson(json: string): Column;
};

const DOOR = { facing: 'east', half: 'upper', hinge: 'right', open: 'true', powered: 'false' };

test('a block state id of 1.21.11 becomes the same block and states in 1.21.4', () => {
  const door11 = B11.fromProperties('oak_door', DOOR, 0).stateId;
  const door4 = B4.fromProperties('oak_door', DOOR, 0).stateId;
  expect(door11).not.toBe(door4);
  expect(translator('1.21.11', '1.21.4').stateId(door11)).toBe(door4);
});

test('a 1.21.11 chunk column reads in 1.21.4 with the same blocks where they are', () => {
  const C11 = chunk('1.21.11');
  const column = new C11({ minY: -64, worldHeight: 384 });
  column.setBlockStateId(new Vec3(3, -60, 4), B11.fromProperties('oak_door', DOOR, 0).stateId);
  column.setBlockStateId(new Vec3(1, 100, 15), B11.fromProperties('gold_block', {}, 0).stateId);
  const out = chunk('1.21.4').fromJson(translator('1.21.11', '1.21.4').column(column.toJson()));
  const door = out.getBlock(new Vec3(3, -60, 4));
  expect(door.name).toBe('oak_door');
  expect(door.getProperties()).toMatchObject({ facing: 'east', half: 'upper', hinge: 'right', open: true });
  expect(out.getBlock(new Vec3(1, 100, 15)).name).toBe('gold_block');
  expect(out.getBlock(new Vec3(0, 0, 0)).name).toBe('air');
});
