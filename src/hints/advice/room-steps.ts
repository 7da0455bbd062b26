/** Next steps that finish what the analyzer found: gaps, roofs, floors, lights, windows (doors: door-steps.ts). */
import type { HintContext, Room } from '../context.js';
import { planDoor, planLayer, planLights, planWindow } from './room-fixes.js';
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import { containsPos, type Side, step } from '../geometry.js';
import { cellKind } from '../model/cells.js';
import type { NextStep } from '../../results/action-hints.js';
import { describeRoom, RELEVANCE, runCommands } from '../steps.js';

const perRoom = (ctx: HintContext, f: (room: Room) => NextStep | undefined): NextStep[] =>
  ctx.build.rooms.flatMap((room) => f(room) ?? []);

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

export const extendWallSteps = (ctx: HintContext): NextStep[] =>
  ctx.build.gaps.map((gap) => ({
    action: 'extend_wall',
    description: `Two walls stop short of their corner at x=${gap.corner.x}, z=${gap.corner.z}: extend them to close it.`,
    relevance: RELEVANCE.extendWall,
    optional: true,
    ...runCommands(
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
          ...runCommands(ctx, [planLayer(room, 'roof')]),
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
          ...runCommands(ctx, [planLayer(room, 'floor')]),
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
          ...runCommands(ctx, planLights(room)),
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
      ...runCommands(ctx, [plan.command]),
    };
  });
