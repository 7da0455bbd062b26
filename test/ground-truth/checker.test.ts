/**
 * The reference checker catches each rule it judges by (a step that breaks it is named with the rule) and
 * lets a sound step pass: a hand-built 3×3 house with a door, a wall torch and a lantern.
 */
import { describe, expect, test } from 'vitest';
import { checkSteps, type Rule } from './checker.js';
import { house } from './hand-built.js';

const rules = (steps: string[][]): Rule[] =>
  [...new Set(checkSteps(house(), steps).map((v) => v.rule))].sort();

describe('the reference checker', () => {
  test('passes a door set into a plain wall between the room and the ground outside', () => {
    expect(
      checkSteps(house(), [
        [
          'setblock 3 65 1 minecraft:oak_door[facing=east,half=lower]',
          'setblock 3 66 1 minecraft:oak_door[facing=east,half=upper]',
        ],
      ]),
    ).toEqual([]);
  });

  test('passes glowstone set into the ceiling and a pane into a plain wall', () => {
    expect(
      checkSteps(house(), [
        ['setblock 1 68 1 minecraft:glowstone'],
        ['setblock 1 66 -1 minecraft:glass_pane'],
      ]),
    ).toEqual([]);
  });

  test('a window must look from the room out on open air', () => {
    expect(rules([['setblock 1 66 -1 minecraft:glass']])).toEqual([]);
    // in the floor: it looks down into the earth
    expect(rules([['setblock 1 64 1 minecraft:glass_pane']])).toContain('window-to-nowhere');
    // into the wall with earth behind it
    const buried = house();
    buried.grid.set({ x: 1, y: 66, z: -2 }, { name: 'minecraft:dirt', properties: {} });
    expect(checkSteps(buried, [['setblock 1 66 -1 minecraft:glass_pane']]).map((v) => v.rule)).toEqual([
      'window-to-nowhere',
    ]);
  });

  test('a window into the block a wall torch hangs on takes its support', () => {
    expect(rules([['setblock -1 66 1 minecraft:glass_pane']])).toEqual(['takes-support']);
  });

  test('a window into a door half writes into something that is not a plain block', () => {
    expect(rules([['setblock 1 66 3 minecraft:glass_pane']])).toContain('writes-into-feature');
  });

  test('two steps that write one cell overlap', () => {
    expect(
      rules([['setblock 2 66 -1 minecraft:glass_pane'], ['fill 2 65 -1 2 66 -1 minecraft:oak_planks']]),
    ).toEqual(['overlap']);
  });

  test('a door high in a wall opens onto no standing room', () => {
    expect(
      rules([
        [
          'setblock 3 66 1 minecraft:oak_door[facing=east,half=lower]',
          'setblock 3 67 1 minecraft:oak_door[facing=east,half=upper]',
        ],
      ]),
    ).toEqual(['door-to-nowhere']);
  });

  test('walling up the door takes the way in (and writes over the door)', () => {
    const v = checkSteps(house(), [['fill 1 65 3 1 66 3 minecraft:stone_bricks']]);
    expect(v.map((x) => x.rule)).toContain('writes-into-feature');
    expect(v.some((x) => x.rule === 'room-worse' && /way in is gone/.test(x.detail))).toBe(true);
  });

  test('a hole in a wall, a floor taken away and a light taken away each make the room worse', () => {
    expect(rules([['setblock 2 65 -1 minecraft:air']])).toEqual(['room-worse']);
    expect(rules([['fill 0 64 0 1 64 1 minecraft:air']])).toEqual(['room-worse']);
    expect(
      checkSteps(house(), [['fill 0 64 0 1 64 1 minecraft:air']])
        .map((v) => v.detail)
        .join(),
    ).toMatch(/lost their floor/);
    expect(
      checkSteps(house(), [['setblock 2 65 2 minecraft:air']])
        .map((v) => v.detail)
        .join(),
    ).toMatch(/lost a light/);
  });

  test('a clone that moves the block a torch hangs on takes its support', () => {
    expect(rules([['clone -1 66 1 -1 66 1 -1 72 1 replace move']])).toContain('takes-support');
  });

  test('a command with relative coordinates cannot be run as given', () => {
    expect(rules([['setblock ~1 ~ ~ minecraft:glass_pane']])).toEqual(['not-absolute']);
  });

  test('steps that are each fine alone are judged together too', () => {
    const v = checkSteps(house(), [['setblock 2 65 -1 minecraft:air'], ['setblock 2 66 -1 minecraft:air']]);
    expect(v.filter((x) => x.step === -1).map((x) => x.rule)).toEqual(['room-worse']);
  });
});
