/** Next steps that finish what the analyzer found: doors, gaps, roofs, floors, lights, windows. */
import { roomAccess, sharedSides } from '../model/connected.js';
import type { HintContext, Room } from '../context.js';
import { type DoorPlan, planDoor, planLayer, planLights, planWindow } from './room-fixes.js';
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import { containsPos, type Side, step } from '../geometry.js';
import { cellKind } from '../model/cells.js';
import type { NextStep } from '../../results/action-hints.js';
import { describeRoom, execArgs, RELEVANCE } from '../steps.js';

const perRoom = (ctx: HintContext, f: (room: Room) => NextStep | undefined): NextStep[] =>
  ctx.build.rooms.flatMap((room) => f(room) ?? []);

/**
 * A door leads from standing room to standing room (the building model's walk): a player's feet fit level
 * with its sill inside and outside each of its leaves. Without a model, nothing to check it against.
 */
const leadsToGround = (ctx: HintContext, plan: DoorPlan): boolean => {
  const walk = ctx.model?.walk;
  if (!walk) return true;
  const along = plan.side === 'north' || plan.side === 'south' ? 'x' : 'z';
  for (let i = 0; i < plan.width; i++) {
    const sill = { ...plan.lower, [along]: plan.lower[along] + i };
    for (const n of [1, -1]) {
      // on the floor level with the sill (not on a bed or a chest in front of it); open down past what was
      // read, or not read: could not judge, the door is said
      const at = step(sill, plan.side, n);
      const stand = walk.standOf(at);
      if (stand && !stand.climbing && Math.abs(stand.h - sill.y) < 1e-6) continue;
      // outside, a floor one block below the sill: a player jumps in (the cell over its head open)
      const below = walk.standOf({ ...at, y: at.y - 1 });
      if (
        n === 1 &&
        below &&
        !below.climbing &&
        below.h === sill.y - 1 &&
        walk.spanFree(at.x, at.z, below.h, sill.y + 2) === true
      )
        continue;
      if (walk.spanFree(at.x, at.z, walk.region.box.min.y, sill.y + 2) !== false) continue;
      return false;
    }
  }
  return true;
};

/**
 * A window looks from the room out on open air: every pane has the room's air (or what stands in it) on the
 * inside, and on the outside a cell the building model reads as open that is no room's.
 */
const looksOut = (ctx: HintContext, box: Box, side: Side): boolean => {
  const region = ctx.region;
  if (!region) return true;
  const inRoom = (p: BlockPos): boolean => ctx.build.rooms.some((r) => containsPos(r.interior, p));
  for (let x = box.min.x; x <= box.max.x; x++)
    for (let z = box.min.z; z <= box.max.z; z++) {
      const pane = { x, y: box.min.y, z };
      const outside = step(pane, side);
      if (!inRoom(step(pane, side, -1)) || inRoom(outside)) return false;
      if (cellKind(region, outside, ctx.mcVersion) !== 'open') return false;
    }
  return true;
};

const run = (ctx: HintContext, commands: string[]) => ({
  suggestedTool: 'execute_commands',
  suggestedArgs: execArgs(ctx, commands),
});

/**
 * A lone door half a placed file holds: the plan's own defect, said as what it is — compare_structure
 * counts it as placed, and vanilla turns such a half into air when the block where its other half goes
 * changes (`DoorBlock.updateShape`) — never a required step that would make the build differ from its plan.
 */
export const planDoorNotes = (ctx: HintContext): string[] =>
  ctx.build.doors.flatMap((d) => {
    const have = d.lower ?? d.upper;
    if (d.complete || !have) return [];
    const half = d.lower ? 'lower' : 'upper';
    return [
      `The plan holds the door at ${have.x} ${have.y} ${have.z} as its ${half} half only (the file's own defect; compare_structure counts it as placed): vanilla turns such a half into air when the block ${half === 'lower' ? 'above' : 'below'} it changes (DoorBlock.updateShape).`,
    ];
  });

export const completeDoorSteps = (ctx: HintContext): NextStep[] =>
  ctx.build.doors
    .filter((d) => !d.complete)
    .flatMap((d): NextStep[] => {
      const have = d.lower ?? d.upper;
      if (!have) return [];
      const missing = d.lower ? 'upper' : 'lower';
      const pos = { ...have, y: have.y + (missing === 'upper' ? 1 : -1) };
      const states = Object.entries({ ...d.block.states, half: missing }).map(([k, v]) => `${k}=${v}`);
      const command = `setblock ${pos.x} ${pos.y} ${pos.z} ${d.block.name}[${states.join(',')}]`;
      const lone = `The door at ${have.x} ${have.y} ${have.z} has only its ${missing === 'upper' ? 'lower' : 'upper'} half`;
      return [
        {
          action: 'complete_door',
          description: d.blockedBy
            ? `${lone}, and ${d.blockedBy} fills ${pos.x} ${pos.y} ${pos.z} where its ${missing} half goes: set the ${missing} half there (setblock replaces the ${d.blockedBy}).`
            : `${lone}: set the ${missing} half.`,
          relevance: RELEVANCE.completeDoor,
          optional: false,
          ...run(ctx, [command]),
        },
      ];
    });

export const addDoorSteps = (ctx: HintContext): NextStep[] => {
  const access = roomAccess(ctx.build, ctx.indoors);
  const askedFor = new Set<number>();
  return ctx.build.rooms.flatMap((room, i): NextStep[] => {
    const a = access[i]!;
    // the building model's walk decides where it judged; where the walk ran out of what was read, an
    // opening in the walls still counts, and no room is called closed
    const judged = room.wayIn === 'walkable' || room.wayIn === 'none';
    const reachable = judged ? room.wayIn === 'walkable' : a.reachable;
    if (!reachable && room.wayIn === 'unknown') return [];
    // a door with one half: the required step that completes it is the way in, not a second door
    if (!reachable && room.doors.some((d) => ctx.build.doors[d.door]?.complete === false)) return [];
    if (reachable) {
      // entered through an opening to the outside: a door there is a nicety, openings between rooms need none
      if (room.doors.length > 0 || a.outsideDoorways.length === 0) return [];
      const plan = planDoor(ctx.build, { ...room, doorways: a.outsideDoorways }, ctx.executor);
      if (!plan || !leadsToGround(ctx, plan)) return [];
      return [
        {
          action: 'add_door',
          description:
            plan.width === 2
              ? `${describeRoom(room)} has a 2-wide opening on its ${plan.side} side but no door: place a double door there.`
              : `${describeRoom(room)} has an opening on its ${plan.side} side but no door: place one there.`,
          relevance: RELEVANCE.doorInDoorway,
          optional: true,
          ...run(ctx, plan.commands),
        },
      ];
    }
    // rooms joined by openings need one way in, not one each
    if (askedFor.has(a.group)) return [];
    const plan = planDoor(
      ctx.build,
      { ...room, doorways: [] },
      ctx.executor,
      sharedSides(ctx.build.rooms, i),
    );
    if (!plan || !leadsToGround(ctx, plan)) return [];
    askedFor.add(a.group);
    return [
      {
        action: 'add_door',
        description: a.joined
          ? `${describeRoom(room)} and the rooms it opens into have no way in from outside: place a door in the middle of its ${plan.side} wall (the openings between the rooms stay open).`
          : `${describeRoom(room)} has no door: place one in the middle of its ${plan.side} wall (setblock replaces the wall blocks).`,
        relevance: RELEVANCE.addDoor,
        // a room without a door is a design choice, not a broken world
        optional: true,
        ...run(ctx, plan.commands),
      },
    ];
  });
};

export const extendWallSteps = (ctx: HintContext): NextStep[] =>
  ctx.build.gaps.map((gap) => ({
    action: 'extend_wall',
    description: `Two walls stop short of their corner at x=${gap.corner.x}, z=${gap.corner.z}: extend them to close it.`,
    relevance: RELEVANCE.extendWall,
    optional: true,
    ...run(
      ctx,
      gap.fills.map(
        (f) =>
          `fill ${f.box.min.x} ${f.box.min.y} ${f.box.min.z} ${f.box.max.x} ${f.box.max.y} ${f.box.max.z} ${f.block.name}`,
      ),
    ),
  }));

export const addRoofSteps = (ctx: HintContext): NextStep[] =>
  perRoom(ctx, (room) =>
    room.hasRoof
      ? undefined
      : {
          action: 'add_roof',
          description: `${describeRoom(room)} has no roof: cover it with one layer over its walls.`,
          relevance: RELEVANCE.addRoof,
          optional: true,
          ...run(ctx, [planLayer(room, 'roof')]),
        },
  );

export const addFloorSteps = (ctx: HintContext): NextStep[] =>
  perRoom(ctx, (room) =>
    room.hasFloor
      ? undefined
      : {
          action: 'add_floor',
          description: `Nothing in this batch built a floor under ${describeRoom(room)}; if the ground there is not the floor you want, lay one.`,
          relevance: RELEVANCE.addFloor,
          optional: true,
          ...run(ctx, [planLayer(room, 'floor')]),
        },
  );

export const addLightSteps = (ctx: HintContext): NextStep[] =>
  perRoom(ctx, (room) =>
    room.lights.length > 0
      ? undefined
      : {
          action: 'add_light',
          description: room.hasRoof
            ? `${describeRoom(room)} has no light source: set glowstone into its ceiling.`
            : `${describeRoom(room)} has no light source: put a lantern on its floor.`,
          relevance: RELEVANCE.addLight,
          optional: true,
          ...run(ctx, planLights(room)),
        },
  );

export const addWindowSteps = (ctx: HintContext): NextStep[] =>
  perRoom(ctx, (room) => {
    if (room.windows.length > 0) return undefined;
    const doorSide =
      room.doors[0]?.side ??
      room.doorways[0]?.side ??
      planDoor(ctx.build, room, ctx.executor)?.side ??
      'north';
    const plan = planWindow(room, doorSide, (box, side) => looksOut(ctx, box, side));
    if (!plan) return undefined;
    return {
      action: 'add_window',
      description: `${describeRoom(room)} has no window: set glass panes at eye height into its ${plan.side} wall.`,
      relevance: RELEVANCE.addWindow,
      optional: true,
      ...run(ctx, [plan.command]),
    };
  });
