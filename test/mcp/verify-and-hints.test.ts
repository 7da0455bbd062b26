/** After execute_commands: applied writes are checked against the world, and the next steps are suggested. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let o: { x: number; y: number; z: number };

beforeAll(async () => {
  c = await startCompanion({ username: 'Mason' });
  const p = (await c.target.get()).channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 4, y: Math.floor(p.y), z: Math.floor(p.z) + 4 };
});
afterAll(async () => {
  await c?.close();
});

test('applied writes are verified against the bot’s view of the world, block by block', async () => {
  const batch = await c.execute(
    [
      `fill ${o.x} ${o.y} ${o.z} ${o.x + 2} ${o.y + 1} ${o.z + 2} minecraft:stone`,
      `setblock ${o.x} ${o.y + 2} ${o.z} minecraft:oak_stairs[facing=east,half=top]`,
    ],
    { resultDetail: 'full' },
  );
  expect(batch.results[0]!.verification).toEqual({
    status: 'verified',
    checked: 18,
    matched: 18,
    mismatches: [],
  });
  expect(batch.results[1]!.verification).toEqual({
    status: 'verified',
    checked: 1,
    matched: 1,
    mismatches: [],
  });
  // compact (the default): a verified write's verification is left out, the batch counts it, the text says it
  const again = await c.call('execute_commands', {
    commands: [`fill ${o.x} ${o.y + 3} ${o.z} ${o.x + 1} ${o.y + 3} ${o.z} minecraft:stone`],
  });
  const compact = again.structuredContent as {
    verifiedCount?: number;
    results: Array<{ verification?: unknown }>;
  };
  expect(compact.results[0]!.verification).toBeUndefined();
  expect(compact.verifiedCount).toBe(1);
  expect((again.content as Array<{ text: string }>)[0]!.text).toContain(
    '1/1 applied (1 read back from the world as written)',
  );
});

test('verify: false skips it; rejected commands are not verified', async () => {
  const batch = await c.execute([
    `setblock ${o.x} ${o.y + 2} ${o.z} minecraft:oak_stairs[facing=east,half=top]`,
  ]);
  expect(batch.results[0]!.status).toBe('rejected_by_game');
  expect(batch.results[0]!.verification).toBeUndefined();
});

test('a hollow room without a door gets an add_door step whose commands work, then the room is complete', async () => {
  const [x1, y1, z1, x2, y2, z2] = [o.x, o.y, o.z + 8, o.x + 6, o.y + 4, o.z + 14];
  const batch = await c.execute([`fill ${x1} ${y1} ${z1} ${x2} ${y2} ${z2} minecraft:oak_planks hollow`]);
  expect(batch.results[0]!.status).toBe('applied');
  const steps = batch.actionHints?.nextSteps ?? [];
  const door = steps.find((s) => s.action === 'add_door');
  expect(door).toMatchObject({ optional: true, suggestedTool: 'execute_commands' });
  const doorCommands = (door!.suggestedArgs as { commands: string[]; target?: string }).commands;
  expect((door!.suggestedArgs as { target?: string }).target).toBe('default');
  expect(doorCommands.some((cmd) => cmd.includes('half=lower'))).toBe(true);
  expect(doorCommands.some((cmd) => cmd.includes('half=upper'))).toBe(true);

  const followUp = await c.execute(doorCommands, { resultDetail: 'full' });
  for (const r of followUp.results) {
    expect(r.status).toBe('applied');
    expect(r.verification?.status).toBe('verified');
  }
  // the same room and its door in one plan: the analyzer sees a door and asks for none
  const shift = (cmd: string) =>
    cmd.replace(/(-?\d+) (-?\d+) (-?\d+)/g, (_, x, y, z) => `${Number(x) + 20} ${y} ${z}`);
  const together = await c.execute([
    shift(`fill ${x1} ${y1} ${z1} ${x2} ${y2} ${z2} minecraft:oak_planks hollow`),
    ...doorCommands.map(shift),
  ]);
  expect(together.results.every((r) => r.status === 'applied')).toBe(true);
  const actions = together.actionHints?.nextSteps?.map((s) => s.action) ?? [];
  expect(actions).not.toContain('add_door');
  expect(actions).toContain('add_window');
  // a complete, verified room (walls, floor, roof, door) is worth keeping
  expect(together.actionHints?.saveSuggestion?.topic).toMatch(/^voxel:room:\d+x\d+x\d+$/);
});
