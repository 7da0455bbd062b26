/** Commands rebuilt for fixes: absolute coordinates, clones cut within a limit, states the block takes. */
import { expect, test } from 'vitest';
import { absoluteCommand, fixedStateCommand, splitClone } from '../../src/hints/advice/fix-commands.js';
import { parseCommand } from '../../src/commands/parse.js';

/** The writes as the client reads them (the parser the execute path uses). */
const parse = (command: string) => parseCommand(command, { x: 0, y: 0, z: 0, yaw: 0, pitch: 0 }).blockWrites;

test.each([
  ['setblock 1 2 3 minecraft:stone keep', 'setblock 1 2 3 minecraft:stone keep'],
  ['fill 5 5 5 1 1 1 minecraft:glass hollow', 'fill 1 1 1 5 5 5 minecraft:glass hollow'],
  ['clone 0 0 0 1 1 1 10 0 0 masked move', 'clone 0 0 0 1 1 1 10 0 0 masked move'],
])('%s is written out as %s', (command, expected) => {
  expect(absoluteCommand(parse(command)[0]!)).toBe(expected);
});

test('a clone cut within the limit: each piece to its own offset, together the whole source', () => {
  const pieces = splitClone(parse('clone 0 0 0 9 9 9 100 0 0')[0] as never, 300)!;
  expect(pieces).toEqual([
    'clone 0 0 0 2 9 9 100 0 0 replace normal',
    'clone 3 0 0 5 9 9 103 0 0 replace normal',
    'clone 6 0 0 8 9 9 106 0 0 replace normal',
    'clone 9 0 0 9 9 9 109 0 0 replace normal',
  ]);
});

test('a clone whose destination overlaps its source is not cut (a piece would copy what another wrote)', () => {
  expect(splitClone(parse('clone 0 0 0 9 9 9 5 0 0')[0] as never, 300)).toBeUndefined();
});

test('a refused state value: its closest valid value; a state the block lacks: dropped', () => {
  expect(
    fixedStateCommand(
      'setblock 0 0 0 minecraft:oak_door[half=lowr,facing=east]',
      'argument.block.property.invalid',
      ['minecraft:oak_door', 'lowr', 'half'],
      '1.21.4',
    ),
  ).toEqual({ command: 'setblock 0 0 0 minecraft:oak_door[half=lower,facing=east]', change: 'half=lower' });
  expect(
    fixedStateCommand(
      'setblock 0 0 0 minecraft:stone[facing=north]',
      'argument.block.property.unknown',
      ['minecraft:stone', 'facing'],
      '1.21.4',
    ),
  ).toEqual({ command: 'setblock 0 0 0 minecraft:stone', change: 'no facing' });
});
