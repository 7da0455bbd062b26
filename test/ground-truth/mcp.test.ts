/**
 * Generated buildings through the real MCP path on the embedded world: two of every family (24), each on a
 * site the test first lays flat (the generator's site commands, one batch), then built by the generator's own
 * commands in one execute_commands call through the SDK's real Client. The world must hold what the
 * generator's grid holds, and the answer — its structuredContent and its text — is judged against the truth
 * the same way as in the suite's short form (hints-property.test.ts). The buildings stand above the bot, on a
 * site of their own, so that nothing of the world around them is read.
 *
 * FAILS_TODAY: the properties that fail on today's hints for these 24 buildings (`test.fails`, red once fixed;
 * the failures they print name the family and seed, and `npm run ground-truth -- --family F --seed S
 * --count 1 --verbose` reruns the same building at the default origin). At the time of writing: rooms not
 * named (closets, corridors, a one-wide room, a U, a raised floor, a house with its attic), rooms merged or
 * named with another box (closet, gable house, raised floor, U), way-in claims (closet, corridor, two storeys).
 * Steps (doors onto drops or into earth, walls extended through rooms, a window into a torch's wall) pass
 * since the referee tries each on a copy of the building.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CommandChannel } from '../../src/connection/channel.js';
import type { BatchResult } from '../../src/results/schema.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';
import { FAMILIES, type Family } from './families.js';
import { type Building, generate } from './generator.js';
import { type Failure, judge, type Property } from './judge.js';
import { describe as describeGroups, group } from './report.js';

const PER_FAMILY = 2;
const FAILS_TODAY = new Set<Property>(['room-named', 'no-phantom-room', 'way-in']);

let c: TestCompanion;
let channel: CommandChannel;
const answers: Array<{ building: Building; batch: BatchResult; text: string }> = [];
/** what the world held, read right after each building, where it differs from the generator's grid */
const mismatches: string[] = [];

const send = async (commands: string[]): Promise<{ batch: BatchResult; text: string }> => {
  const result = await c.call('execute_commands', { commands });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  const text = (result.content as Array<{ text: string }>)[0]!.text;
  return { batch: result.structuredContent as unknown as BatchResult, text };
};

const where = (b: Building) => `${b.family} seed ${b.seed}`;

const readBack = (building: Building, batch: BatchResult): string[] => {
  const wrong: string[] = [];
  if (batch.appliedCount !== building.commands.length)
    wrong.push(`${where(building)}: ${batch.appliedCount} of ${building.commands.length} applied`);
  for (const pos of building.grid.written()) {
    const read = channel.readBlock!(pos);
    const want = building.grid.get(pos).name;
    // names only: the world gives panes, fences and stairs the shapes of their neighbours
    if (read === 'unloaded' || read.name !== want)
      wrong.push(
        `${where(building)}: ${pos.x} ${pos.y} ${pos.z} holds ${read === 'unloaded' ? 'unloaded' : read.name}, not ${want}`,
      );
  }
  return wrong;
};

beforeAll(async () => {
  c = await startCompanion({ username: 'Surveyor' });
  channel = (await c.target.get()).channel;
  const p = channel.executorPosition()!;
  // the site (8 before the corner, 26 after it, 11 below the floor) stands clear above the bot, around it
  const origin = { x: Math.floor(p.x) - 9, y: Math.floor(p.y) + 20, z: Math.floor(p.z) - 9 };
  for (const family of Object.keys(FAMILIES) as Family[])
    for (let seed = 1; seed <= PER_FAMILY; seed++) {
      const building = generate(seed, { family, origin });
      const site = await send(building.siteCommands);
      // a fill of what is there already is refused with "no blocks filled" (noChange): the site is laid all the same
      const laid = site.batch.results.filter((r) => r.applied === true || r.detail?.noChange === true);
      expect(laid.length, `${family} ${seed}: the site`).toBe(building.siteCommands.length);
      const built = await send(building.commands);
      answers.push({ building, ...built });
      mismatches.push(...readBack(building, built.batch));
    }
});
afterAll(async () => {
  await c?.close();
});

test('every generated command is applied, and the world holds the blocks of the generator’s grid', () => {
  expect(answers).toHaveLength(Object.keys(FAMILIES).length * PER_FAMILY);
  expect(mismatches.slice(0, 20)).toEqual([]);
});

const failuresOf = (property: Property): Failure[] =>
  answers.flatMap(({ building, batch, text }) => {
    const structured = judge(building, batch.actionHints);
    // the text says what the structured answer says: its sentences are judged the same way (steps come with args)
    const spoken = judge(building, { moduleHints: text.split('\n') }).filter(
      (f) => f.property !== 'steps-pass',
    );
    const seen = new Set<string>();
    return [...structured, ...spoken].filter((f) => {
      const k = `${f.property} ${f.kind} ${f.detail.split(':')[0]}`;
      if (f.property !== property || seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  });

describe('the answers through MCP agree with the truth', () => {
  for (const property of ['room-named', 'no-phantom-room', 'way-in', 'steps-pass'] as const) {
    const known = FAILS_TODAY.has(property);
    // a known failure of today's hints: `test.fails` turns red once the model gets it right
    (known ? test.fails : test)(`${property}${known ? ' (fails today)' : ''}`, () => {
      const found = failuresOf(property);
      expect(found, `\n${describeGroups(group(found))}`).toEqual([]);
    });
  }

  test('the text names the same rooms as the structured answer', () => {
    const differ: string[] = [];
    for (const { building, batch, text } of answers) {
      const fromText = judge(building, { moduleHints: text.split('\n') }).filter(
        (f) => f.property === 'room-named',
      );
      const fromData = judge(building, batch.actionHints).filter((f) => f.property === 'room-named');
      if (fromText.length !== fromData.length)
        differ.push(`${where(building)}: text ${fromText.length}, data ${fromData.length}`);
    }
    expect(differ).toEqual([]);
  });
});
