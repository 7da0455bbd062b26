/**
 * Next steps a model can read and follow: each one is a line of the text with the exact call, and only
 * calls the operator's policy lets through are suggested (issue 15: load_area suggested `forceload`,
 * which the default policy refuses).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { defaultSafetyConfig, parseSafetyConfig } from '../../src/safety/config.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let o: { x: number; y: number; z: number };

beforeAll(async () => {
  c = await startCompanion({ username: 'Reader', safety: defaultSafetyConfig });
  const p = (await c.target.get()).channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
});
afterAll(async () => {
  await c?.close();
});

const textOf = (r: { content?: unknown }) => (r.content as Array<{ text: string }>)[0]!.text;

/** the calls of the text's `next (…): tool {json} — …` lines */
const nextCalls = (text: string) =>
  [...text.matchAll(/^next \((required|optional)\): (\w+) (\{.*?\}) — /gm)].map((m) => ({
    need: m[1],
    tool: m[2],
    args: JSON.parse(m[3]!) as { commands: string[] },
  }));

test('the door a room lacks is a line of the text, and the call on that line builds it', async () => {
  const room = `fill ${o.x} ${o.y} ${o.z} ${o.x + 4} ${o.y + 3} ${o.z + 4} minecraft:stone_bricks hollow`;
  const result = await c.call('execute_commands', { commands: [room] });
  const text = textOf(result);
  const calls = nextCalls(text);
  const door = calls.find((call) => call.args.commands.some((cmd) => cmd.includes('_door[')));
  // a room without a door is a suggestion: the game does not call it broken
  expect(door).toMatchObject({ need: 'optional', tool: 'execute_commands' });
  // the model follows the line as written
  const followed = await c.call(door!.tool!, door!.args);
  expect(textOf(followed)).toMatch(/^2\/2 applied/);
});

test('a far write names `tp x y z` to load the area, and never forceload, which the policy refuses', async () => {
  const far = `setblock ${o.x + 4000} ${o.y} ${o.z + 4000} minecraft:stone`;
  const result = await c.call('execute_commands', { commands: [far] });
  const text = textOf(result);
  const load = nextCalls(text).find((call) => call.args.commands[0]?.startsWith('tp '));
  expect(load?.need).toBe('required');
  expect(load!.args.commands[0]).toMatch(/^tp -?\d+ -?\d+ -?\d+$/);
  expect(text).not.toContain('forceload');
});

test('a step whose commands the policy refuses is not suggested; a note says why', async () => {
  const noTeleport = parseSafetyConfig(
    { allow: defaultSafetyConfig.allow.filter((n) => n !== 'tp' && n !== 'teleport') },
    'no teleport',
  );
  await c.world.op('Walker');
  const strict = await startCompanion({ username: 'Walker', existingWorld: c.world, safety: noTeleport });
  try {
    const far = `setblock ${o.x + 4000} ${o.y} ${o.z + 4000} minecraft:stone`;
    const result = await strict.call('execute_commands', { commands: [far] });
    const text = textOf(result);
    expect(nextCalls(text).filter((call) => call.args.commands[0]?.startsWith('tp '))).toEqual([]);
    expect(text).toMatch(
      /note: Left out a load_area step: `tp .*` cannot be run here \(the safety policy refuses it/,
    );
  } finally {
    await strict.close();
  }
});
