/**
 * Next steps for a room's doors: a door half made whole, a lone half a placed file holds said as the plan's
 * own defect, and a door for a room with no way in — only where it leads to walkable ground (the building
 * model's walk), else said plainly with what would.
 */
import { roomAccess, sharedSides } from '../model/connected.js';
import type { HintContext, Room } from '../context.js';
import { type DoorPlan, doorAt, planDoor, wallCells } from './room-fixes.js';
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import { type Side, SIDES, step } from '../geometry.js';
import { type DoorLeads, doorLeadsAt } from '../model/door-leads.js';
import { cellKind } from '../model/cells.js';
import type { NextStep } from '../../results/action-hints.js';
import { describeRoom, RELEVANCE, runCommands } from '../steps.js';

/**
 * Where a door of the plan leads (model/door-leads.ts), over its width: nowhere when one column leads
 * nowhere; could not judge or a closed room when one does and none leads nowhere. Without a model (no world
 * read), there is nothing to judge against.
 */
const doorLeads = (ctx: HintContext, plan: DoorPlan): DoorLeads => {
  const model = ctx.model;
  if (!model) return 'ground';
  const along = plan.side === 'north' || plan.side === 'south' ? 'x' : 'z';
  let leads: DoorLeads = 'ground';
  for (let i = 0; i < plan.width; i++) {
    const sill = { ...plan.lower, [along]: plan.lower[along] + i };
    const column = doorLeadsAt(model.walk, sill, plan.side, (p) => model.enclosed(p));
    if (column === 'nowhere') return 'nowhere';
    if (column !== 'ground') leads = column;
  }
  return leads;
};

/** How far below the sill the first stand outside the door is, where that is a drop (two blocks or more). */
const dropOutside = (ctx: HintContext, plan: DoorPlan): number | undefined => {
  const at = step(plan.lower, plan.side);
  const under = (ctx.model?.walk.standsIn(at.x, at.z) ?? []).filter((s) => s.h < plan.lower.y);
  const top = under[under.length - 1];
  const drop = top ? Math.round(plan.lower.y - top.h) : 0;
  return drop >= 2 ? drop : undefined;
};

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
          ...runCommands(ctx, [command]),
        },
      ];
    });

export const addDoorSteps = (ctx: HintContext): NextStep[] => {
  const access = roomAccess(ctx.build, ctx.indoors);
  const askedFor = new Set<number>();
  /** rooms with no way in where no wall cell leads to walkable ground, by group: said when no door is */
  const stranded = new Map<number, NextStep>();
  const steps = ctx.build.rooms.flatMap((room, i): NextStep[] => {
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
      if (!plan || doorLeads(ctx, plan) !== 'ground') return [];
      return [
        {
          action: 'add_door',
          description:
            plan.width === 2
              ? `${describeRoom(room)} has a 2-wide opening on its ${plan.side} side but no door: place a double door there.`
              : `${describeRoom(room)} has an opening on its ${plan.side} side but no door: place one there.`,
          relevance: RELEVANCE.doorInDoorway,
          optional: true,
          ...runCommands(ctx, plan.commands),
        },
      ];
    }
    // rooms joined by openings need one way in, not one each
    if (askedFor.has(a.group)) return [];
    const found = wayInDoor(ctx, room, sharedSides(ctx.build.rooms, i));
    if (found.plan === undefined) {
      // never a door onto a drop: where every wall leads nowhere a player walks, say so and what would
      if (found.nowhere && room.wayIn === 'none' && !stranded.has(a.group))
        stranded.set(a.group, noWalkableDoor(room, found.nowhere));
      return [];
    }
    const plan = found.plan;
    askedFor.add(a.group);
    const where = found.middle ? `in the middle of its ${plan.side} wall` : `in its ${plan.side} wall`;
    return [
      {
        action: 'add_door',
        description: a.joined
          ? `${describeRoom(room)} and the rooms it opens into have no way in from outside: place a door ${where} (the openings between the rooms stay open).`
          : `${describeRoom(room)} has no door: place one ${where} (setblock replaces the wall blocks).`,
        relevance: RELEVANCE.addDoor,
        // a room without a door is a design choice, not a broken world
        optional: true,
        ...runCommands(ctx, plan.commands),
      },
    ];
  });
  for (const [group, said] of stranded) if (!askedFor.has(group)) steps.push(said);
  return steps;
};

/**
 * The door that gives a room without a way in one: the side facing the bot first (a wall shared with another
 * room last), the middle of each wall first, the first cell whose door leads to walkable ground. Only cells of
 * the wall itself (a closed block in both halves). `nowhere`: every cell tried leads nowhere a player walks
 * (none could not be judged, none opens into a closed room), with a drop outside one of them.
 */
const wayInDoor = (
  ctx: HintContext,
  room: Room,
  shared: ReadonlySet<Side>,
): { plan?: DoorPlan; middle?: boolean; nowhere?: Drop } => {
  const first = planDoor(ctx.build, { ...room, doorways: [] }, ctx.executor, shared);
  if (!first) return {};
  // without the world read, the door the walls outline is all there is to say
  if (!ctx.model || !ctx.region) return { plan: first, middle: true };
  const region = ctx.region;
  const walk = ctx.model.walk;
  const wall = (p: BlockPos): boolean => cellKind(region, p, ctx.mcVersion) === 'solid';
  /** the floor a player stands on inside, next to the wall: the door's sill (a raised floor raises it) */
  const floorInside = (p: BlockPos): number | undefined =>
    walk
      .standsIn(p.x, p.z)
      .find((s) => !s.climbing && s.h === s.y && s.y >= room.interior.min.y && s.y < room.interior.max.y)?.y;
  const sides = [first.side, ...SIDES.filter((s) => s !== first.side && !shared.has(s))];
  sides.push(...SIDES.filter((s) => !sides.includes(s)));
  let undecided = false;
  let drop: Drop | undefined;
  for (const side of sides)
    for (const [n, cell] of wallCells(room, side).entries()) {
      const sill = floorInside(step(cell, side, -1));
      if (sill === undefined) continue;
      const plan = doorAt(ctx.build, side, { ...cell, y: sill }, 1);
      if (!wall(plan.lower) || !wall({ ...plan.lower, y: plan.lower.y + 1 })) continue;
      const leads = doorLeads(ctx, plan);
      if (leads === 'ground') return { plan, middle: n === 0 };
      // a door into a closed room leads on once that room has a way in: not "nowhere"
      if (leads === 'unknown' || leads === 'closed-room') undecided = true;
      else if (!drop?.by) drop = { side, by: dropOutside(ctx, plan) };
    }
  return undecided ? {} : { nowhere: drop ?? {} };
};

/** How far the ground outside a wall is below the room's floor. */
interface Drop {
  side?: Side;
  by?: number | undefined;
}

/** A room no door in its walls would let a player walk into: said plainly, with what would. */
const noWalkableDoor = (room: Room, drop: Drop): NextStep => ({
  action: 'add_door',
  description: `${describeRoom(room)} has no way in, and a door in its walls would open onto no ground a player walks to${
    drop.by === undefined
      ? ''
      : ` (outside its ${drop.side} wall the ground is ${drop.by} blocks below its floor)`
  }: a way in needs stairs or a ladder, through its floor or ceiling from a room that has one, or up outside to a door.`,
  relevance: RELEVANCE.addDoor,
  optional: true,
});
