/**
 * Issue 16's "Done": every everyday command a room builder sends to the embedded world comes back from
 * mcbridge's real pipeline (MCP client → execute_commands → mineflayer → capture → outcome) classified by
 * its translation key — no `unknown` — except vanilla's own silences (say, me, msg, tell, tellraw: applied
 * with detail.inferred). One everyday success and one failing variant per command; the failing ones are
 * classified by the key vanilla 1.21.4 sends for them.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CommandResult } from '../../src/results/schema.js';
import { defaultSafetyConfig, parseSafetyConfig } from '../../src/safety/config.js';
import { StructureStore } from '../../src/structures/store.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

const COMMANDS = [
  'tp',
  'teleport',
  'execute',
  'summon',
  'kill',
  'data',
  'gamemode',
  'time',
  'weather',
  'give',
  'clear',
  'effect',
  'particle',
  'playsound',
  'title',
  'say',
  'me',
  'msg',
  'tell',
  'list',
  'seed',
  'difficulty',
  'spawnpoint',
  'setworldspawn',
  'place',
  'fillbiome',
  'setblock',
  'fill',
  'clone',
  'gamerule',
  'tellraw',
];

let companion: TestCompanion;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcbridge-audit-'));
  await writeFile(
    join(dir, 'audit_pad.json'),
    JSON.stringify({
      format: 'mcbridge-structure',
      version: 1,
      name: 'audit_pad',
      savedAt: new Date(0).toISOString(),
      size: { x: 1, y: 1, z: 1 },
      palette: ['minecraft:gold_block'],
      blocks: [0],
    }),
  );
  const safety = parseSafetyConfig(
    { allow: [...defaultSafetyConfig.allow, ...COMMANDS], maxFillVolume: 1_000_000 },
    'audit config',
  );
  // place template reads its templates from the store handed to the world
  companion = await startCompanion({
    username: 'Auditor',
    safety,
    world: { templates: new StructureStore(dir) },
  });
});

afterAll(async () => {
  await companion?.close();
  await rm(dir, { recursive: true, force: true });
});

// full results: the compact answer leaves an ordinary success's key out, and the key is what is audited
const run = async (commands: string[]): Promise<CommandResult[]> =>
  (await companion.execute(commands, { resultDetail: 'full' })).results;

const show = (r: CommandResult) =>
  `${r.command} → ${r.status} ${r.detail?.key ?? '(no key)'} ${JSON.stringify(r.chatMessages)}`;

/** vanilla sends nothing on success for these (a message argument or a raw component) */
const SILENT = new Set(['say', 'me', 'msg', 'tell', 'tellraw']);

// [command, key vanilla sends] — everyday successes, in an order where each finds what it needs
const SUCCESSES: Array<[string, string | undefined]> = [
  ['tp @s ~ ~ ~', 'commands.teleport.success.location.single'],
  ['teleport @s ~ ~ ~', 'commands.teleport.success.location.single'],
  ['execute positioned ~2 ~ ~2 run setblock ~ ~ ~ minecraft:stone', 'commands.setblock.success'],
  ['execute as @s at @s run setblock ~ ~ ~3 minecraft:stone', 'commands.setblock.success'],
  ['execute if block ~ ~-1 ~ minecraft:grass_block', 'commands.execute.conditional.pass'],
  ['execute align xyz run setblock ~ ~ ~5 minecraft:stone', 'commands.setblock.success'],
  ['execute in minecraft:overworld run setblock ~ ~ ~6 minecraft:stone', 'commands.setblock.success'],
  ['execute positioned over world_surface run setblock ~ ~ ~7 minecraft:stone', 'commands.setblock.success'],
  ['execute anchored eyes facing ~ ~ ~5 run tp @s ~ ~ ~ ~ ~', 'commands.teleport.success.location.single'],
  ['execute rotated 90 0 run tp @s ~ ~ ~ ~ ~', 'commands.teleport.success.location.single'],
  ['execute if entity @s', 'commands.execute.conditional.pass_count'],
  ['execute unless block ~ ~-1 ~ minecraft:stone', 'commands.execute.conditional.pass'],
  ['execute if blocks ~ ~-1 ~ ~ ~-1 ~ ~1 ~-1 ~ all', 'commands.execute.conditional.pass_count'],
  ['execute if loaded ~ ~ ~', 'commands.execute.conditional.pass'],
  ['execute if biome ~ ~ ~ minecraft:plains', 'commands.execute.conditional.pass'],
  ['execute if dimension minecraft:overworld', 'commands.execute.conditional.pass'],
  ['summon minecraft:armor_stand ~3 ~ ~-3', 'commands.summon.success'],
  ['data get entity @e[type=minecraft:armor_stand,limit=1] Pos[0]', 'commands.data.entity.query'],
  [
    "data merge entity @e[type=minecraft:armor_stand,limit=1] {Tags:['audit']}",
    'commands.data.entity.modified',
  ],
  ['kill @e[type=minecraft:armor_stand]', 'commands.kill.success.single'],
  ['execute summon minecraft:marker run tp @s ~ ~ ~', 'commands.teleport.success.location.single'],
  ['gamemode survival', 'commands.gamemode.success.self'],
  ['gamemode creative', 'commands.gamemode.success.self'],
  ['time set day', 'commands.time.set'],
  ['time add 100', 'commands.time.set'],
  ['time query daytime', 'commands.time.query'],
  ['weather clear', 'commands.weather.set.clear'],
  ['give @s minecraft:oak_planks 64', 'commands.give.success.single'],
  ['clear @s minecraft:oak_planks', 'commands.clear.success.single'],
  ['effect give @s minecraft:night_vision 60', 'commands.effect.give.success.single'],
  ['effect clear @s', 'commands.effect.clear.everything.success.single'],
  ['particle minecraft:flame ~ ~1 ~', 'commands.particle.success'],
  ['playsound minecraft:entity.cat.ambient master @s', 'commands.playsound.success.single'],
  ['title @s title {"text":"Done"}', 'commands.title.show.title.single'],
  ['say hello', undefined],
  ['me waves', undefined],
  ['msg Auditor hi', undefined],
  ['tell Auditor hi', undefined],
  ['tellraw @s {"text":"hi"}', undefined],
  ['list', 'commands.list.players'],
  ['seed', 'commands.seed.success'],
  ['difficulty', 'commands.difficulty.query'],
  ['difficulty easy', 'commands.difficulty.success'],
  ['spawnpoint @s ~ ~ ~', 'commands.spawnpoint.success.single'],
  ['setworldspawn ~ ~ ~', 'commands.setworldspawn.success'],
  ['place template minecraft:audit_pad ~4 ~ ~4', 'commands.place.template.success'],
  ['fillbiome ~ ~ ~ ~3 ~3 ~3 minecraft:desert', 'commands.fillbiome.success.count'],
  ['setblock ~1 ~ ~1 minecraft:glass', 'commands.setblock.success'],
  ['fill ~1 ~1 ~1 ~2 ~1 ~2 minecraft:glass', 'commands.fill.success'],
  ['clone ~1 ~1 ~1 ~2 ~1 ~2 ~6 ~1 ~6', 'commands.clone.success'],
  ['gamerule doDaylightCycle', 'commands.gamerule.query'],
  ['gamerule doDaylightCycle true', 'commands.gamerule.set'],
];

// [command, key vanilla 1.21.4 sends] — one failing variant of each
const FAILURES: Array<[string, string]> = [
  ['tp Nobody', 'argument.entity.notfound.entity'],
  ['teleport @s 0 -30000000 0', 'commands.teleport.invalidPosition'],
  ['execute if block ~ ~-1 ~ minecraft:stone', 'commands.execute.conditional.fail'],
  ['execute in minecraft:nowhere run say x', 'argument.dimension.invalid'],
  ['execute unless entity @s', 'commands.execute.conditional.fail_count'],
  ['execute summon minecraft:player run say x', 'entity.not_summonable'],
  ['execute positioned over sky run say x', 'argument.enum.invalid'],
  ['execute align q run say x', 'arguments.swizzle.invalid'],
  ['execute if biome ~ ~ ~ minecraft:moon', 'argument.resource.not_found'],
  ['summon minecraft:notamob', 'argument.resource.not_found'],
  ['kill @e[type=minecraft:cat]', 'argument.entity.notfound.entity'],
  // a change to a player is refused (EntityDataAccessor.setData); `{}` would change nothing: merge.failed first
  ['data merge entity @s {Tags:["audit"]}', 'commands.data.entity.invalid'],
  ['gamemode flying', 'argument.gamemode.invalid'],
  ['time set forever', 'parsing.float.expected'],
  ['weather snow', 'command.unknown.argument'],
  ['give @s minecraft:notanitem', 'argument.item.id.invalid'],
  ['clear @s minecraft:diamond', 'clear.failed.single'],
  ['effect clear @s minecraft:speed', 'commands.effect.clear.specific.failed'],
  ['particle minecraft:nope', 'particle.notFound'],
  ['playsound minecraft:entity.cat.ambient master Nobody', 'argument.entity.notfound.player'],
  ['title Nobody title {"text":"x"}', 'argument.entity.notfound.player'],
  ['say', 'command.unknown.command'],
  ['me', 'command.unknown.command'],
  ['msg Nobody hi', 'argument.entity.notfound.player'],
  ['tell Nobody hi', 'argument.entity.notfound.player'],
  ['tellraw @s {bad', 'argument.component.invalid'],
  ['list everyone', 'command.unknown.argument'],
  ['seed 42', 'command.unknown.argument'],
  ['difficulty easy', 'commands.difficulty.failure'],
  ['spawnpoint Nobody', 'argument.entity.notfound.player'],
  ['setworldspawn 30000000 0 0', 'argument.pos.outofbounds'],
  ['place template minecraft:nothing_here', 'commands.place.template.invalid'],
  ['place feature minecraft:oak', 'commands.place.feature.failed'],
  ['place jigsaw minecraft:village/plains/town_centers minecraft:bottom 7', 'commands.place.jigsaw.failed'],
  ['place structure minecraft:village_plains', 'commands.place.structure.failed'],
  ['fillbiome ~ ~ ~ ~ ~ ~ minecraft:moon', 'argument.resource.not_found'],
  ['setblock ~ ~-1 ~ minecraft:grass_block', 'commands.setblock.failed'],
  ['fill ~ ~-1 ~ ~ ~-1 ~ minecraft:grass_block', 'commands.fill.failed'],
  ['clone ~ ~ ~ ~ ~ ~ ~ ~ ~', 'commands.clone.overlap'],
  ['gamerule doDaylightCycle maybe', 'parsing.bool.invalid'],
];

describe('every everyday command is classified by its key', () => {
  test('every command of the issue’s list is covered by both tables', () => {
    const root = (c: string) => c.split(' ')[0]!;
    for (const name of COMMANDS) {
      expect(SUCCESSES.some(([c]) => root(c) === name)).toBe(true);
      expect(FAILURES.some(([c]) => root(c) === name)).toBe(true);
    }
  });

  test('successes: a key and `applied` — or vanilla’s silence, applied with detail.inferred', async () => {
    const results = await run(SUCCESSES.map(([c]) => c));
    const wrong = results.filter((r, i) => {
      const key = SUCCESSES[i]![1];
      if (SILENT.has(r.command.split(' ')[0]!)) {
        // silent to the sender — except tellraw to yourself, whose printed message is the evidence
        const evidence =
          r.detail?.inferred === true || (r.command.startsWith('tellraw @s') && r.chatMessages[0] === 'hi');
        return !(r.status === 'applied' && r.applied === true && evidence);
      }
      return !(r.status === 'applied' && r.applied === true && r.detail?.key === key);
    });
    expect(wrong.map(show)).toEqual([]);
  });

  test('failures: each is a game refusal or error classified by vanilla’s key, never unknown', async () => {
    const results = await run(FAILURES.map(([c]) => c));
    const wrong = results.filter((r, i) => {
      const key = FAILURES[i]![1];
      return !(
        (r.status === 'rejected_by_game' || r.status === 'execution_error') &&
        r.applied !== true &&
        r.detail?.key === key
      );
    });
    expect(wrong.map(show)).toEqual([]);
  });
});
