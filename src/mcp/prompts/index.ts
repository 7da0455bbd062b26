/**
 * Prompts that make an LLM build well in few calls: each gives the plan in terms of mcbridge's tools (one
 * batch, verification read from the results, a picture to check), with the coordinate conventions spelled
 * out. Arguments complete: materials from the server's block ids, sides, region corners.
 */
import { completable } from '@modelcontextprotocol/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Targets } from '../../connection/targets.js';
import { completeBlockId, completeFrom } from '../completions.js';
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
const number = (what: string, fallback: number) =>
  z.string().optional().describe(`${what} in blocks (default ${fallback})`);
const side = completable(z.string().describe('north, south, east or west (default south)'), (value) =>
  completeFrom(SIDES, value ?? ''),
).optional();
const yesNo = (what: string) =>
  completable(z.string().describe(`${what}: yes or no (default yes)`), (value) =>
    completeFrom(['yes', 'no'], value ?? ''),
  ).optional();

const int = (value: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};
const ns = (id: string | undefined, fallback: string) => {
  const v = (id ?? '').trim() || fallback;
  return v.includes(':') ? v : `minecraft:${v}`;
};
const yes = (v: string | undefined) => !/^(no|false|0|n)$/i.test((v ?? '').trim());
const asSide = (v: string | undefined): Side => (SIDES.includes(v as Side) ? (v as Side) : 'south');

const user = (text: string) => ({ role: 'user' as const, content: { type: 'text' as const, text } });

export function registerAllPrompts(server: McpServer, targets: Targets): void {
  server.registerPrompt(
    'build_room',
    {
      title: 'Build a room',
      description: 'A room of a given size and materials, with a door, windows and furniture, in one batch.',
      argsSchema: z.object({
        width: number('width (x)', 7),
        depth: number('depth (z)', 7),
        height: number('inside height', 3),
        wall: block(targets, 'minecraft:oak_planks', 'wall'),
        floor: block(targets, 'minecraft:spruce_planks', 'floor'),
        roof: block(targets, 'minecraft:dark_oak_planks', 'roof'),
        doorSide: side,
        windows: yesNo('glass panes in the other walls'),
        furnished: yesNo('bed, crafting table, chest and a lantern'),
      }),
    },
    (args) => {
      const spec = {
        width: int(args.width, 7, 3, 64),
        depth: int(args.depth, 7, 3, 64),
        height: int(args.height, 3, 2, 32),
        wall: ns(args.wall, 'oak_planks'),
        floor: ns(args.floor, 'spruce_planks'),
        roof: ns(args.roof, 'dark_oak_planks'),
        doorSide: asSide(args.doorSide),
        windows: yes(args.windows),
        furnished: yes(args.furnished),
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
        rooms: number('number of rooms', 3),
        style: completable(
          z.string().describe('style: cabin, stone, modern or medieval (default cabin)'),
          (value) => completeFrom(Object.keys(STYLES), value ?? ''),
        ).optional(),
      }),
    },
    (args) => {
      const rooms = int(args.rooms, 3, 1, 8);
      const style = STYLES[(args.style ?? 'cabin').toLowerCase()] ?? STYLES['cabin']!;
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
        description: `A house of ${rooms} rooms`,
        messages: [
          user(
            [
              `Build a house of ${rooms} rooms in a row (7×7 each, sharing walls), ${args.style ?? 'cabin'} style: walls ${style.wall}, floors ${style.floor}, roofs ${style.roof}. One outside door on the south side of the first room; a doorway (an opening, not a door) in every shared wall.`,
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
    (args) => ({
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
    }),
  );
}

const STYLES: Record<string, { wall: string; floor: string; roof: string }> = {
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
