/**
 * execute parses the whole command before any of it runs, as vanilla 1.21.4 (Commands.performPrefixedCommand
 * parses the full input; ExecuteCommand's modifiers, spawnEntityAndRedirect included, run only afterwards):
 * a parse error in the command after `run` leaves the world as it was.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';
import { parseError, red } from '../helpers/vanilla-lines.js';

let world: WorldHandle;
let op: TestBot;

beforeAll(async () => {
  world = await startWorld({ ops: ['Parser'] });
  op = await joinBot(world.host, world.port, 'Parser');
});

afterAll(async () => {
  await op?.quit();
  await world?.stop();
});

/** the server's own count of cows (conditional.pass_count), 0 when it answers conditional.fail */
async function cows(): Promise<number> {
  const [lines] = await runFenced(op, ['execute if entity @e[type=minecraft:cow]']);
  const [line] = lines as Array<{ translate?: string; with?: number[] }>;
  return line?.translate === 'commands.execute.conditional.pass_count' ? (line.with?.[0] ?? -1) : 0;
}

test('regression: execute summon … run <unknown command> is a parse error and summons nothing', async () => {
  const command = 'execute summon minecraft:cow run setblok ~ ~ ~ minecraft:stone';
  const [lines] = await runFenced(op, [command]);
  expect(lines).toEqual(parseError(command, 'command.unknown.argument', command.indexOf('setblok')));
  expect(await cows()).toBe(0);
});

test('regression: a bad block id in the nested setblock is a parse error and summons nothing', async () => {
  const command = 'execute summon minecraft:cow run setblock ~ ~ ~ minecraft:notablock';
  const [lines] = await runFenced(op, [command]);
  expect(lines).toEqual(
    parseError(command, 'argument.block.id.invalid', command.indexOf('minecraft:notablock'), [
      'minecraft:notablock',
    ]),
  );
  expect(await cows()).toBe(0);
  expect(Object.values(op.bot.entities).filter((e) => e.name === 'cow')).toHaveLength(0);
});

test('a parse error two executes deep is found before the outer summon runs', async () => {
  const command = 'execute summon minecraft:cow run execute summon minecraft:cow run kill @e[type=nothing]';
  const [lines] = await runFenced(op, [command]);
  // EntitySelectorOptions.ERROR_ENTITY_TYPE_INVALID, with its context line
  expect(lines[0]).toEqual(
    red({ translate: 'argument.entity.options.type.invalid', with: ['minecraft:nothing'] }),
  );
  expect(lines).toHaveLength(2);
  expect(await cows()).toBe(0);
});

test('a nested command that parses still runs once per source, after the summon', async () => {
  const [lines] = await runFenced(op, ['execute summon minecraft:cow run kill @s']);
  expect(lines).toEqual([expect.objectContaining({ translate: 'commands.kill.success.single' })]);
  const [spawned] = await runFenced(op, ['execute summon minecraft:cow run say moo']);
  expect(spawned).toEqual([]);
  expect(await cows()).toBe(1);
});

test('parsing the nested command first has no effect of its own: say after run is heard once', async () => {
  const start = op.lines.length;
  await runFenced(op, ['execute positioned ~ ~ ~ run say once', 'say twice']);
  const said = op.lines
    .slice(start)
    .filter((l) => l.position === 'chat')
    .map((l) => l.text);
  expect(said).toEqual([expect.stringContaining('once'), expect.stringContaining('twice')]);
});
