/**
 * The hint rules, one row each: `when(ctx)` returns what to suggest, or nothing. Row order is the
 * tie-break for equal relevance and decides which save suggestion wins (the first one given).
 */
import type { ExecutorPosition } from '../commands/block-write.js';
import type { BuildContext, HintEntry, Room } from './context.js';
import { dims, formatBox } from './geometry.js';
import {
  blockIdFix,
  commandName,
  fillSplit,
  MAX_SPLIT_COMMANDS,
  quote,
  standNear,
  VANILLA_COMMANDS,
} from './rejected-fixes.js';
import { planDoor, planLayer, planLights, planWindow } from './room-fixes.js';
import type { NextStep, SaveSuggestion } from './schema.js';
import { verifySteps } from './verify-steps.js';

export interface HintContext {
  build: BuildContext;
  entries: readonly HintEntry[];
  /** the MCP tool that ran the commands */
  tool: string;
  /** connection name, copied into suggestedArgs */
  target?: string;
  /** where the bot stands, to put a door on its side */
  executor?: ExecutorPosition;
  /** server version for block ids (minecraft-data) */
  mcVersion: string;
  bot?: { name?: string; operator?: boolean };
}

export interface RuleOutput {
  nextSteps?: NextStep[];
  moduleHints?: string[];
  saveSuggestion?: SaveSuggestion;
}

export interface HintRule {
  id: string;
  when(ctx: HintContext): RuleOutput | undefined;
}

/** Relevance by kind of step: a refused command beats an unfinished room beats a nicety. */
export const RELEVANCE = {
  fixRejected: 0.95,
  completeDoor: 0.9,
  addDoor: 0.8,
  extendWall: 0.75,
  addRoof: 0.7,
  addLight: 0.5,
  doorInDoorway: 0.45,
  addWindow: 0.4,
  addFloor: 0.35,
} as const;

export const execArgs = (ctx: HintContext, commands: string[]): Record<string, unknown> =>
  ctx.target === undefined ? { commands } : { commands, target: ctx.target };

const describe = (room: Room): string => `the ${dims(room.interior)} room at ${formatBox(room.box)}`;
const perRoom = (ctx: HintContext, f: (room: Room) => NextStep | undefined): RuleOutput => ({
  nextSteps: ctx.build.rooms.flatMap((room) => f(room) ?? []),
});

export const RULES: readonly HintRule[] = [
  {
    // argument.block.id.invalid: the nearest real ids, and the command retyped with the closest one
    id: 'block-id-invalid',
    when: (ctx) => ({
      nextSteps: ctx.build.rejected
        .filter((o) => o.key === 'argument.block.id.invalid')
        .flatMap((o) => {
          const fix = blockIdFix(o, ctx.mcVersion);
          if (!fix) return [];
          return [
            {
              action: 'fix_block_id',
              description: fix.description,
              relevance: RELEVANCE.fixRejected,
              optional: false,
              ...(fix.fixed
                ? { suggestedTool: 'execute_commands', suggestedArgs: execArgs(ctx, [fix.fixed]) }
                : {}),
            },
          ];
        }),
    }),
  },
  {
    // commands.fill.toobig: the same fill cut into pieces within commandModificationBlockLimit
    id: 'fill-too-big',
    when: (ctx) => ({
      nextSteps: ctx.build.rejected
        .filter((o) => o.key === 'commands.fill.toobig')
        .flatMap((o) => {
          const split = fillSplit(o);
          if (!split) return [];
          const n = split.commands.length;
          const spelled = n <= MAX_SPLIT_COMMANDS;
          return [
            {
              action: 'split_fill',
              description: spelled
                ? `${quote(o.command)} covers ${split.volume} blocks, over the server's limit of ${split.limit}: send it as these ${n} fill commands.`
                : `${quote(o.command)} covers ${split.volume} blocks; it would take ${n} fills of at most ${split.limit}: build a smaller area per call.`,
              relevance: RELEVANCE.fixRejected,
              optional: false,
              ...(spelled
                ? { suggestedTool: 'execute_commands', suggestedArgs: execArgs(ctx, split.commands) }
                : {}),
            },
          ];
        }),
    }),
  },
  {
    // argument.pos.unloaded: chunks load around players, so the bot has to go there first
    id: 'pos-unloaded',
    when: (ctx) => ({
      nextSteps: ctx.build.rejected
        .filter((o) => o.key === 'argument.pos.unloaded')
        .map((o): NextStep => {
          const tp = standNear(o);
          return {
            action: 'load_area',
            description: `${quote(o.command)} targets unloaded chunks: teleport the bot there (or \`forceload add\` the area), wait a moment for the chunks to load, then resend it.`,
            relevance: RELEVANCE.fixRejected,
            optional: false,
            ...(tp ? { suggestedTool: 'execute_commands', suggestedArgs: execArgs(ctx, [tp]) } : {}),
          };
        }),
    }),
  },
  {
    // argument.pos.outofworld: y outside the build height (overworld -64..319 since 1.18)
    id: 'pos-out-of-world',
    when: (ctx) => ({
      nextSteps: ctx.build.rejected
        .filter((o) => o.key === 'argument.pos.outofworld')
        .map((o) => ({
          action: 'fix_position',
          description: `${quote(o.command)} is outside the world's build height (overworld y -64 to 319): move it within.`,
          relevance: RELEVANCE.fixRejected,
          optional: false,
        })),
    }),
  },
  {
    // command.unknown.command looks the same for "no such command" and "not allowed": vanilla hides
    // commands a player lacks permission for, so a vanilla name here means the bot is most likely no op
    id: 'unknown-command',
    when: (ctx) => {
      const refused = ctx.build.rejected.filter(
        (o) => o.key === 'command.unknown.command' && VANILLA_COMMANDS.has(commandName(o.command)),
      );
      const first = refused[0];
      if (!first || ctx.bot?.operator === true) return undefined;
      const name = ctx.bot?.name ?? '<bot name>';
      const names = [...new Set(refused.map((o) => commandName(o.command)))].join(', ');
      return {
        nextSteps: [
          {
            action: 'op_bot',
            description: `The server calls ${names} unknown: it hides commands the bot may not use. Run \`op ${name}\` in the server console, then resend.`,
            relevance: ctx.bot?.operator === false ? RELEVANCE.fixRejected : RELEVANCE.fixRejected - 0.1,
            optional: false,
          },
        ],
        saveSuggestion: {
          topic: 'server permissions',
          reason: `the bot ${name} needs operator rights for ${names}; it loses them on some servers when it reconnects`,
        },
      };
    },
  },
  {
    // commands.fill.failed / commands.setblock.failed: nothing changed because the world already matches
    id: 'no-change',
    when: (ctx) => {
      const same = ctx.build.noChange;
      if (same.length === 0) return undefined;
      const which =
        same.length <= 3 ? same.map((o) => quote(o.command)).join(', ') : `${same.length} commands`;
      return { moduleHints: [`${which}: the world already matched, nothing changed; do not retry.`] };
    },
  },
  {
    // setblock places only the half it names; a lone half pops off or looks broken
    id: 'door-half-missing',
    when: (ctx) => ({
      nextSteps: ctx.build.doors
        .filter((d) => !d.complete)
        .flatMap((d): NextStep[] => {
          const have = d.lower ?? d.upper;
          if (!have) return [];
          const missing = d.lower ? 'upper' : 'lower';
          const pos = { ...have, y: have.y + (missing === 'upper' ? 1 : -1) };
          const states = { ...d.block.states, half: missing };
          const block = `${d.block.name}[${Object.entries(states)
            .map(([k, v]) => `${k}=${v}`)
            .join(',')}]`;
          const command = `setblock ${pos.x} ${pos.y} ${pos.z} ${block}`;
          return [
            {
              action: 'complete_door',
              description: `The door at ${have.x} ${have.y} ${have.z} has only its ${missing === 'upper' ? 'lower' : 'upper'} half: set the ${missing} half.`,
              relevance: RELEVANCE.completeDoor,
              optional: false,
              suggestedTool: 'execute_commands',
              suggestedArgs: execArgs(ctx, [command]),
            },
          ];
        }),
    }),
  },
  {
    // a room nobody can enter; with a doorway cut already, a door is only a nicety
    id: 'room-without-door',
    when: (ctx) =>
      perRoom(ctx, (room) => {
        if (room.doors.length > 0) return undefined;
        const plan = planDoor(ctx.build, room, ctx.executor);
        if (!plan) return undefined;
        const open = room.doorways.length > 0;
        return {
          action: 'add_door',
          description: open
            ? `${describe(room)} has an opening on its ${plan.side} side but no door: place one there.`
            : `${describe(room)} has no door: place one in the middle of its ${plan.side} wall (setblock replaces the wall blocks).`,
          relevance: open ? RELEVANCE.doorInDoorway : RELEVANCE.addDoor,
          optional: open,
          suggestedTool: 'execute_commands',
          suggestedArgs: execArgs(ctx, plan.commands),
        };
      }),
  },
  {
    // four walls that do not meet leave a gap a player walks through
    id: 'wall-gap',
    when: (ctx) => ({
      nextSteps: ctx.build.gaps.map((gap) => ({
        action: 'extend_wall',
        description: `Two walls stop short of their corner at x=${gap.corner.x}, z=${gap.corner.z}: extend them to close it.`,
        relevance: RELEVANCE.extendWall,
        optional: false,
        suggestedTool: 'execute_commands',
        suggestedArgs: execArgs(
          ctx,
          gap.fills.map(
            (f) =>
              `fill ${f.box.min.x} ${f.box.min.y} ${f.box.min.z} ${f.box.max.x} ${f.box.max.y} ${f.box.max.z} ${f.block.name}`,
          ),
        ),
      })),
    }),
  },
  {
    // walls without a roof are not a room yet
    id: 'room-without-roof',
    when: (ctx) =>
      perRoom(ctx, (room) =>
        room.hasRoof
          ? undefined
          : {
              action: 'add_roof',
              description: `${describe(room)} has no roof: cover it with one layer over its walls.`,
              relevance: RELEVANCE.addRoof,
              optional: false,
              suggestedTool: 'execute_commands',
              suggestedArgs: execArgs(ctx, [planLayer(room, 'roof')]),
            },
      ),
  },
  {
    // optional: the ground the walls stand on may be the floor (this batch cannot see it)
    id: 'room-without-floor',
    when: (ctx) =>
      perRoom(ctx, (room) =>
        room.hasFloor
          ? undefined
          : {
              action: 'add_floor',
              description: `Nothing in this batch built a floor under ${describe(room)}; if the ground there is not the floor you want, lay one.`,
              relevance: RELEVANCE.addFloor,
              optional: true,
              suggestedTool: 'execute_commands',
              suggestedArgs: execArgs(ctx, [planLayer(room, 'floor')]),
            },
      ),
  },
  {
    // a closed room with no light source is dark inside (and mobs spawn in it)
    id: 'dark-room',
    when: (ctx) =>
      perRoom(ctx, (room) =>
        room.lights.length > 0
          ? undefined
          : {
              action: 'add_light',
              description: room.hasRoof
                ? `${describe(room)} has no light source: set glowstone into its ceiling.`
                : `${describe(room)} has no light source: put a lantern on its floor.`,
              relevance: RELEVANCE.addLight,
              optional: true,
              suggestedTool: 'execute_commands',
              suggestedArgs: execArgs(ctx, planLights(room)),
            },
      ),
  },
  {
    // glass in a wall is a window; a room without is fine, but usually not meant
    id: 'room-without-window',
    when: (ctx) =>
      perRoom(ctx, (room) => {
        if (room.windows.length > 0) return undefined;
        const doorSide = room.doors[0]?.side ?? planDoor(ctx.build, room, ctx.executor)?.side ?? 'north';
        const plan = planWindow(room, doorSide);
        return {
          action: 'add_window',
          description: `${describe(room)} has no window: set glass panes at eye height into its ${plan.side} wall.`,
          relevance: RELEVANCE.addWindow,
          optional: true,
          suggestedTool: 'execute_commands',
          suggestedArgs: execArgs(ctx, [plan.command]),
        };
      }),
  },
  {
    // a write the server confirmed may still differ (other players, physics); read back what verification did not
    id: 'verify-written',
    when: (ctx) => ({ nextSteps: verifySteps(ctx.build.touched, ctx.entries, ctx.target) }),
  },
  {
    // a room with everything is worth remembering for later edits
    id: 'room-complete',
    when: (ctx) => {
      const done = ctx.build.rooms.find(
        (r) => r.doors.length > 0 && r.windows.length > 0 && r.lights.length > 0 && r.hasRoof && r.hasFloor,
      );
      if (!done) return undefined;
      return {
        moduleHints: [`Built ${describe(done)}: door, window, light, floor and roof all in place.`],
        saveSuggestion: {
          topic: `room ${formatBox(done.box)}`,
          reason: 'a finished room: keep its box to extend, furnish or verify it later',
        },
      };
    },
  },
];
