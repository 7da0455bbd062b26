/**
 * Prompts that make an LLM build well in few calls: each gives the plan in terms of mcbridge's tools (one
 * batch, verification read from the results, a picture to check), with the coordinate conventions spelled
 * out. Arguments complete: materials from the server's block ids, sides, region corners.
 */
import { completable } from '@modelcontextprotocol/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Targets } from '../../connection/targets.js';
import { blockIds, completeBlockId, completeFrom, serverVersion } from '../completions.js';
import { PromptArgs } from './args.js';
import { roomCommands, SIDES, type Side } from './room-plan.js';

export const CONVENTIONS = [
  'Coordinates: x grows east, z grows south, y up. `~dx ~dy ~dz` is relative to where the bot stands; the ground under it is `~-1`.',
  'Call get_connection_info first: it says where the bot is, the world height, the loaded area and what the safety policy allows.',
  'Send a whole build as ONE execute_commands call (up to 1000 commands): every command gets its own status (applied, rejected_by_game, …) and placed blocks are verified in the world.',
  'Read each result: `rejected_by_game` with `noChange` means the block was already there; anything else not `applied` needs a fix — the summary says which. Then check the build with render_area.',
].join('\n');

const block = (targets: Targets, fallback: string, what: string) =>
  completable(z.string().describe(`${what} block id (default ${fallback})`), (value) =>
    completeBlockId(targets, value ?? ''),
  ).optional();
/** a count the prompt builds; the description says the range and that words are read too */
const count = (what: string, l: Limit) =>
  z
    .string()
    .optional()
    .describe(`${what}: a whole number from ${l.min} to ${l.max}, digits or words (default ${l.fallback})`);
const side = completable(z.string().describe('north, south, east or west (default south)'), (value) =>
  completeFrom(SIDES, value ?? ''),
).optional();
const yesNo = (what: string) =>
  completable(z.string().describe(`${what}: yes or no (default yes)`), (value) =>
    completeFrom(['yes', 'no'], value ?? ''),
  ).optional();

interface Limit {
  fallback: number;
  min: number;
  max: number;
  unit: string;
}
const WIDTH: Limit = { fallback: 7, min: 3, max: 64, unit: 'block' };
const DEPTH: Limit = { ...WIDTH };
const HEIGHT: Limit = { fallback: 3, min: 2, max: 32, unit: 'block' };
const ROOMS: Limit = { fallback: 3, min: 1, max: 8, unit: 'room' };
const SIDE_WORDS: Record<string, Side> = { n: 'north', s: 'south', e: 'east', w: 'west' };

/** A block argument of a prompt, read against the block ids of the default connection's server. */
const readBlock = (
  targets: Targets,
  args: PromptArgs,
  arg: string,
  value: string | undefined,
  fallback: string,
) =>
  args.block(arg, value, fallback, blockIds(serverVersion(targets)), (typed) =>
    completeBlockId(targets, typed),
  );

const user = (text: string) => ({ role: 'user' as const, content: { type: 'text' as const, text } });

export function registerAllPrompts(server: McpServer, targets: Targets): void {
  server.registerPrompt(
    'build_room',
    {
      title: 'Build a room',
      description: 'A room of a given size and materials, with a door, windows and furniture, in one batch.',
      argsSchema: z.object({
        width: count('width (x) in blocks', WIDTH),
        depth: count('depth (z) in blocks', DEPTH),
        height: count('inside height in blocks', HEIGHT),
        wall: block(targets, 'minecraft:oak_planks', 'wall'),
        floor: block(targets, 'minecraft:spruce_planks', 'floor'),
        roof: block(targets, 'minecraft:dark_oak_planks', 'roof'),
        doorSide: side,
        windows: yesNo('glass panes in the other walls'),
        furnished: yesNo('bed, crafting table, chest and a lantern'),
      }),
    },
    (args) => {
      const read = new PromptArgs('build_room');
      const spec = {
        width: read.count('width', args.width, WIDTH),
        depth: read.count('depth', args.depth, DEPTH),
        height: read.count('height', args.height, HEIGHT),
        wall: readBlock(targets, read, 'wall', args.wall, 'minecraft:oak_planks'),
        floor: readBlock(targets, read, 'floor', args.floor, 'minecraft:spruce_planks'),
        roof: readBlock(targets, read, 'roof', args.roof, 'minecraft:dark_oak_planks'),
        doorSide: read.choice('doorSide', args.doorSide, SIDES, 'south', SIDE_WORDS),
        windows: read.yesNo('windows', args.windows),
        furnished: read.yesNo('furnished', args.furnished),
      };
      const commands = roomCommands(spec);
      return {
        description: `A ${spec.width}×${spec.depth} room, ${spec.height} high inside`,
        messages: [
          user(
            [
              `Build a ${spec.width}×${spec.depth} room (inside height ${spec.height}) of ${spec.wall}, floor ${spec.floor}, roof ${spec.roof}, door on the ${spec.doorSide} side${spec.windows ? ', windows' : ''}${spec.furnished ? ', furnished' : ''}.`,
              '',
              CONVENTIONS,
              '',
              'Plan:',
              '1. get_connection_info — note the bot position and make sure the room fits the build zone and the loaded area.',
              `2. execute_commands with these ${commands.length} commands in one call (the room starts 2 blocks east and south of the bot; convert to absolute coordinates if the bot may move between calls):`,
              '```json',
              JSON.stringify(commands, null, 1),
              '```',
              '3. Read every result and the next steps in the text; fix only what failed, in one more call.',
              '4. render_area over the room (it cuts the ceiling away so the inside shows) and describe what you see.',
              '5. Optionally save_structure to reuse the room; undo_last takes the whole batch back.',
            ].join('\n'),
          ),
        ],
      };
    },
  );

  server.registerPrompt(
    'build_house',
    {
      title: 'Build a house',
      description: 'Several rooms side by side sharing walls, with doorways between them, in a style.',
      argsSchema: z.object({
        rooms: count('number of rooms', ROOMS),
        style: completable(
          z.string().describe(`style: ${Object.keys(STYLES).join(', ')} (default cabin)`),
          (value) => completeFrom(Object.keys(STYLES), value ?? ''),
        ).optional(),
      }),
    },
    (args) => {
      const read = new PromptArgs('build_house');
      const rooms = read.count('rooms', args.rooms, ROOMS);
      const styleName = read.choice('style', args.style, STYLE_NAMES, 'cabin');
      const style = STYLES[styleName];
      const plans = Array.from({ length: rooms }, (_, i) =>
        roomCommands({
          width: 7,
          depth: 7,
          height: 3,
          ...style,
          doorSide: 'south',
          windows: true,
          furnished: i === 0,
          // rooms share their east/west walls: each starts on the previous one's east wall
          at: { dx: 2 + i * 6, dz: 2 },
        }).filter((c) => i === 0 || !c.includes('oak_door')),
      );
      const doorways = Array.from({ length: rooms - 1 }, (_, i) => [
        `setblock ~${2 + (i + 1) * 6} ~ ~5 minecraft:air`,
        `setblock ~${2 + (i + 1) * 6} ~1 ~5 minecraft:air`,
      ]).flat();
      const commands = [...plans.flat(), ...doorways];
      return {
        description: `A house of ${rooms} room${rooms === 1 ? '' : 's'}`,
        messages: [
          user(
            [
              `Build a house of ${rooms} room${rooms === 1 ? '' : 's'} in a row (7×7 each, sharing walls), ${styleName} style: walls ${style.wall}, floors ${style.floor}, roofs ${style.roof}. One outside door on the south side of the first room; a doorway (an opening, not a door) in every shared wall.`,
              '',
              CONVENTIONS,
              '',
              'Plan:',
              '1. get_connection_info — check the build zone and loaded area cover the house.',
              `2. execute_commands with these ${commands.length} commands in ONE call:`,
              '```json',
              JSON.stringify(commands, null, 1),
              '```',
              '3. Fix only what failed; openings between rooms are doorways on purpose — do not add doors there.',
              '4. render_area over the whole house and check each room.',
            ].join('\n'),
          ),
        ],
      };
    },
  );

  server.registerPrompt(
    'inspect_and_repair',
    {
      title: 'Inspect and repair a region',
      description: 'Read a region, compare it with what it should be, and fix only the differences.',
      argsSchema: z.object({
        from: z.string().describe('one corner, "x y z"'),
        to: z.string().describe('the opposite corner, "x y z"'),
        intent: z
          .string()
          .optional()
          .describe('what the region should be (e.g. "a 7×7 oak room with a door")'),
      }),
    },
    (given) => {
      const read = new PromptArgs('inspect_and_repair');
      const args = { ...given, from: read.position('from', given.from), to: read.position('to', given.to) };
      return {
        description: `Inspect ${args.from} to ${args.to}`,
        messages: [
          user(
            [
              `Inspect the region from ${args.from} to ${args.to}${args.intent ? ` — it should be: ${args.intent}` : ''} and repair it.`,
              '',
              CONVENTIONS,
              '',
              'Plan:',
              `1. get_blocks_in_area from ${args.from} to ${args.to} (format runs for big regions); unloaded parts are never air — move closer first if some are unloaded.`,
              `2. render_area over the same box to see it.`,
              '3. List the differences from the intent: missing blocks, wrong blocks, wrong states (door halves, facing).',
              '4. One execute_commands call with only the fixes (setblock for single blocks, fill for runs). Every result says whether it applied and verifies the block.',
              '5. render_area again to confirm. undo_last takes the repair back if it went wrong.',
            ].join('\n'),
          ),
        ],
      };
    },
  );
}

const STYLE_NAMES = ['cabin', 'stone', 'modern', 'medieval'] as const;
const STYLES: Record<(typeof STYLE_NAMES)[number], { wall: string; floor: string; roof: string }> = {
  cabin: {
    wall: 'minecraft:spruce_planks',
    floor: 'minecraft:oak_planks',
    roof: 'minecraft:dark_oak_planks',
  },
  stone: {
    wall: 'minecraft:stone_bricks',
    floor: 'minecraft:polished_andesite',
    roof: 'minecraft:deepslate_tiles',
  },
  modern: {
    wall: 'minecraft:white_concrete',
    floor: 'minecraft:smooth_quartz',
    roof: 'minecraft:gray_concrete',
  },
  medieval: {
    wall: 'minecraft:cobblestone',
    floor: 'minecraft:spruce_planks',
    roof: 'minecraft:dark_oak_planks',
  },
};
