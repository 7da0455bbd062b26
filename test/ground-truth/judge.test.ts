/**
 * The judge reads an answer's claims as the hints word them and holds each against the truth: a right answer
 * passes, and a wrong box, a phantom room, a wrong way-in claim and a step that breaks the house each fail.
 */
import { describe, expect, test } from 'vitest';
import { house } from './hand-built.js';
import { judge, mentions } from './judge.js';

const BOX = '(-1,64,-1)–(3,68,3)';
const built = `Built the 3×3×3 room at ${BOX}: walls, floor, roof and a way in, in place and verified.`;
const step = (commands: string[], description = 'a step') => ({
  action: 'add_window',
  description,
  suggestedArgs: { commands },
});

describe('the judge', () => {
  test('reads the room, its box and its way-in claim from each wording the hints use', () => {
    expect(mentions({ moduleHints: [built] })[0]).toMatchObject({ dims: [3, 3, 3], wayIn: true });
    expect(
      mentions({
        moduleHints: [
          `The writes touched 2 rooms: (1) the 3×3×3 room at ${BOX}: no roof, no way in yet; (2) the 1×2×1 room at (5,64,5)–(7,67,7): no roof yet.`,
        ],
      }).map((m) => m.wayIn),
    ).toEqual([false, true]);
    expect(
      mentions({
        nextSteps: [
          step([], `the 3×3×3 room at ${BOX} has no door: place one in the middle of its east wall.`),
        ],
      })[0]!.wayIn,
    ).toBe(false);
    expect(
      mentions({ nextSteps: [step([], `the 3×3×3 room at ${BOX} has no window: set glass panes.`)] })[0]!
        .wayIn,
    ).toBeUndefined();
  });

  test('a right answer passes', () => {
    expect(
      judge(house(), { moduleHints: [built], nextSteps: [step(['setblock 1 68 1 minecraft:glowstone'])] }),
    ).toEqual([]);
  });

  test('an answer that names no room, or another box, fails', () => {
    expect(judge(house(), undefined).map((f) => f.property)).toEqual(['room-named']);
    const other = judge(house(), { moduleHints: [built.replace(BOX, '(-1,64,-1)–(3,67,3)')] });
    expect(other.map((f) => f.property).sort()).toEqual(['no-phantom-room', 'room-named']);
  });

  test('"no way in" for a room with a door fails', () => {
    const said = `the 3×3×3 room at ${BOX} has no door: place one in the middle of its east wall (setblock replaces the wall blocks).`;
    const found = judge(house(), {
      moduleHints: [built],
      nextSteps: [
        step(
          [
            'setblock 3 65 1 minecraft:oak_door[facing=east,half=lower]',
            'setblock 3 66 1 minecraft:oak_door[facing=east,half=upper]',
          ],
          said,
        ),
      ],
    });
    expect(found.map((f) => f.property)).toEqual(['way-in']);
  });

  test('a step that breaks the house fails, named by its action and the rule', () => {
    const found = judge(house(), {
      moduleHints: [built],
      nextSteps: [step(['setblock -1 66 1 minecraft:glass_pane'])],
    });
    expect(found.map((f) => `${f.property} ${f.kind}`)).toEqual(['steps-pass add_window: takes-support']);
  });
});
