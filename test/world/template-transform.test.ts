/**
 * place template's rotation and mirror follow vanilla 1.21.4: StructureTemplate.transform for positions,
 * Rotation/Mirror and the StairBlock/DoorBlock/CrossCollisionBlock/StandingSignBlock overrides for states.
 * Expected rows are worked out from those sources (their comments say which rule).
 */
import { describe, expect, test } from 'vitest';
import { transformPos, transformProps } from '../../src/world/parity/template-transform.js';

describe('positions (pivot 0 0 0)', () => {
  test.each([
    ['none', 'none', { x: 2, y: 1, z: 3 }],
    ['clockwise_90', 'none', { x: -3, y: 1, z: 2 }],
    ['180', 'none', { x: -2, y: 1, z: -3 }],
    ['counterclockwise_90', 'none', { x: 3, y: 1, z: -2 }],
    ['none', 'left_right', { x: 2, y: 1, z: -3 }],
    ['none', 'front_back', { x: -2, y: 1, z: 3 }],
    // mirror first, then rotate
    ['clockwise_90', 'left_right', { x: 3, y: 1, z: 2 }],
  ] as const)('%s / %s moves (2, 1, 3) to %o', (rotation, mirror, expected) => {
    expect(transformPos({ x: 2, y: 1, z: 3 }, mirror, rotation)).toEqual(expected);
  });
});

describe('block states: mirror then rotate', () => {
  test.each([
    // Rotation.rotate(Direction): clockwise north → east → south → west
    ['furnace', { facing: 'north' }, 'none', 'clockwise_90', { facing: 'east' }],
    ['hopper', { facing: 'down' }, 'none', '180', { facing: 'down' }],
    // Mirror.getRotation: only a facing along the mirror's axis turns around
    ['furnace', { facing: 'north' }, 'left_right', 'none', { facing: 'south' }],
    ['furnace', { facing: 'east' }, 'left_right', 'none', { facing: 'east' }],
    // Rotation.rotate(int, 16) and Mirror.mirror(int, 16)
    ['oak_sign', { rotation: '1' }, 'none', 'clockwise_90', { rotation: '5' }],
    ['oak_sign', { rotation: '0' }, 'left_right', 'none', { rotation: '8' }],
    ['oak_sign', { rotation: '4' }, 'front_back', 'none', { rotation: '12' }],
    // RotatedPillarBlock: a quarter turn swaps x and z
    ['oak_log', { axis: 'x' }, 'none', 'counterclockwise_90', { axis: 'z' }],
    ['oak_log', { axis: 'y' }, 'none', 'clockwise_90', { axis: 'y' }],
    // CrossCollisionBlock: the side now facing east is the one that faced north
    [
      'oak_fence',
      { north: 'true', east: 'false', south: 'false', west: 'true' },
      'none',
      'clockwise_90',
      { north: 'true', east: 'true', south: 'false', west: 'false' },
    ],
    [
      'oak_fence',
      { north: 'true', east: 'false', south: 'false', west: 'true' },
      'left_right',
      'none',
      { north: 'false', east: 'false', south: 'true', west: 'true' },
    ],
    // StairBlock.mirror: along the axis turn around and swap left/right (inner kept on front_back)
    [
      'oak_stairs',
      { facing: 'north', shape: 'inner_left' },
      'left_right',
      'none',
      { facing: 'south', shape: 'inner_right' },
    ],
    [
      'oak_stairs',
      { facing: 'east', shape: 'inner_left' },
      'front_back',
      'none',
      { facing: 'west', shape: 'inner_left' },
    ],
    [
      'oak_stairs',
      { facing: 'east', shape: 'outer_left' },
      'front_back',
      'none',
      { facing: 'west', shape: 'outer_right' },
    ],
    [
      'oak_stairs',
      { facing: 'east', shape: 'outer_left' },
      'left_right',
      'none',
      { facing: 'east', shape: 'outer_left' },
    ],
    // DoorBlock.mirror: the hinge always changes side
    ['oak_door', { facing: 'east', hinge: 'left' }, 'left_right', 'none', { facing: 'east', hinge: 'right' }],
  ] as const)('%s %o, mirror %s, rotation %s → %o', (name, props, mirror, rotation, expected) => {
    expect(transformProps(name, { ...props }, mirror, rotation)).toEqual(expected);
  });
});
