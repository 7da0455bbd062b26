/**
 * Who sees what of an operator's command, as vanilla 1.21.4's CommandSourceStack.sendSuccess and
 * broadcastToAdmins: a non-operator is refused with command.unknown.command (the node is hidden); other
 * operators get `chat.type.admin` [source display name, message] (gray, italic) copies of successes only while
 * sendCommandFeedback is on, whatever logAdminCommands says (that rule is the server log's); under `execute as`
 * the name is the executing entity's.
 */
import { Vec3 } from 'vec3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';
import { red } from '../helpers/vanilla-lines.js';

let world: WorldHandle;
let op: TestBot;
let watcher: TestBot;
let base: Vec3;

beforeAll(async () => {
  world = await startWorld({ ops: ['Parity', 'Watcher'] });
  op = await joinBot(world.host, world.port, 'Parity');
  watcher = await joinBot(world.host, world.port, 'Watcher');
  base = op.bot.entity.position.floored().offset(2, 0, 2);
});

afterAll(async () => {
  await watcher?.quit();
  await op?.quit();
  await world?.stop();
});

const coords = (v: Vec3) => `${v.x} ${v.y} ${v.z}`;
const keyOf = (json: unknown) => (json as { translate?: string }).translate;
let markers = 0;

/** runs `commands` as the operator, then returns the admin copies Watcher received while they ran */
async function copiesOf(commands: string[]): Promise<unknown[]> {
  const from = watcher.lines.length;
  const marker = `marker-${++markers}`;
  // admin copies are sent while the command runs: once the marker sent after it arrives, any copy has
  await runFenced(op, [...commands, `tellraw Watcher {"text":"${marker}"}`]);
  await watcher.waitForLine((l) => l.text === marker);
  return watcher.lines
    .slice(from)
    .filter((l) => keyOf(l.json) === 'chat.type.admin')
    .map((l) => l.json);
}

describe('admin copies', () => {
  test('other operators get a copy of a success naming the sender by display name; queries are not copied', async () => {
    const p = base.offset(0, 7, 0);
    const copies = await copiesOf(['gamerule sendCommandFeedback', `setblock ${coords(p)} stone`]);
    expect(copies).toEqual([
      {
        translate: 'chat.type.admin',
        with: [
          expect.objectContaining({ text: 'Parity', insertion: 'Parity' }),
          { translate: 'commands.setblock.success', with: [p.x, p.y, p.z] },
        ],
        color: 'gray',
        italic: 1,
      },
    ]);
  });

  test('regression: no copy while sendCommandFeedback is off, even with logAdminCommands on', async () => {
    const copies = await copiesOf([
      'gamerule logAdminCommands true',
      'gamerule sendCommandFeedback false',
      `setblock ${coords(base.offset(1, 7, 0))} stone`,
      'gamerule sendCommandFeedback true',
    ]);
    // GameRuleCommand.setRule changes the rule before sendSuccess: turning feedback off is not copied,
    // turning it back on is; the setblock in between is not
    expect(copies.map((c) => (c as { with: Array<{ with?: unknown[] }> }).with[1]?.with)).toEqual([
      ['logAdminCommands', 'true'],
      ['sendCommandFeedback', 'true'],
    ]);
  });

  test('regression: logAdminCommands off does not stop the copies (it only controls the server log)', async () => {
    const p = base.offset(2, 7, 0);
    const copies = await copiesOf([
      'gamerule logAdminCommands false',
      `setblock ${coords(p)} stone`,
      'gamerule logAdminCommands true',
    ]);
    expect(copies.map((c) => keyOf((c as { with: unknown[] }).with[1]))).toEqual([
      'commands.gamerule.set',
      'commands.setblock.success',
      'commands.gamerule.set',
    ]);
  });

  test('regression: under execute as, the copy names the executing entity', async () => {
    const p = base.offset(3, 7, 0);
    const copies = await copiesOf([
      'summon minecraft:cow ~ ~ ~4',
      `execute as @e[type=minecraft:cow,limit=1] run setblock ${coords(p)} stone`,
    ]);
    expect(copies).toHaveLength(2);
    expect((copies[1] as { with: unknown[] }).with).toEqual([
      expect.objectContaining({ translate: 'entity.minecraft.cow' }),
      { translate: 'commands.setblock.success', with: [p.x, p.y, p.z] },
    ]);
  });
});

test('a non-operator sees command.unknown.command for setblock (the node is hidden) and gets no copies', async () => {
  const guest = await joinBot(world.host, world.port, 'Guest');
  try {
    // a non-operator cannot use tellraw fences either, so wait for the line itself
    guest.bot.chat('/setblock ~ ~3 ~ stone');
    const refusal = await guest.waitForLine((l) =>
      JSON.stringify(l.json).includes('command.unknown.command'),
    );
    expect(refusal.json).toEqual(red({ translate: 'command.unknown.command' }));
    const [own] = await runFenced(op, [
      `setblock ${coords(base.offset(0, 6, 0))} stone`,
      'tellraw Guest "after"',
    ]);
    expect(own).toHaveLength(1);
    await guest.waitForLine((l) => l.text === 'after');
    expect(guest.lines.filter((l) => keyOf(l.json) === 'chat.type.admin')).toEqual([]);
  } finally {
    await guest.quit();
  }
});
