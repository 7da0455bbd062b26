/**
 * The rooms a batch touched, named with their boxes: every one of them, finished or not, and the walls
 * that divide them. A room is finished when it has a floor, a roof and a way in (a door or a doorway,
 * from outside or from the room next to it), and every write of the batch that touched it read back.
 */
import type { HintContext, Room } from '../context.js';
import { boundingBox, dims, formatBox, intersection } from '../geometry.js';
import type { RuleOutput } from '../steps.js';
import { describeRoom } from '../steps.js';

/** Every write that touched the room (the model's `touchedBy`) read back as written. */
const verified = (ctx: HintContext, room: Room): boolean => {
  const touching = room.touchedBy
    ? room.touchedBy.flatMap((i) => ctx.build.touched[i] ?? [])
    : ctx.build.touched.filter((t) => intersection(t.box, room.box));
  return touching.length > 0 && touching.every((t) => t.verification === 'verified');
};

/** A way in from the building model where it judged one (a path a player walks), else a door or doorway. */
const hasWayIn = (room: Room): boolean =>
  room.wayIn === 'walkable' || (room.wayIn !== 'none' && room.doors.length + room.doorways.length > 0);

const missing = (room: Room): string[] => [
  ...(room.hasFloor ? [] : ['floor']),
  ...(room.hasRoof ? [] : ['roof']),
  ...(hasWayIn(room) || room.wayIn === 'unknown' ? [] : ['way in']),
];

/** a way in the model could not judge, and no door or doorway that makes one */
const wayInUnjudged = (room: Room): boolean => room.wayIn === 'unknown' && !hasWayIn(room);

/** The walls between rooms that share one (their boxes meet in a plane): `the wall at x=5 divides rooms 1 and 2`. */
const dividers = (rooms: readonly Room[]): string[] => {
  const out: string[] = [];
  rooms.forEach((a, i) =>
    rooms.forEach((b, j) => {
      if (j <= i) return;
      const shared = intersection(a.box, b.box);
      if (!shared) return;
      const plane =
        shared.min.x === shared.max.x
          ? `x=${shared.min.x}`
          : shared.min.z === shared.max.z
            ? `z=${shared.min.z}`
            : shared.min.y === shared.max.y
              ? `y=${shared.min.y}`
              : undefined;
      if (plane)
        out.push(
          `the ${plane[0] === 'y' ? 'floor' : 'wall'} at ${plane} divides rooms ${i + 1} and ${j + 1}`,
        );
    }),
  );
  return out;
};

/** Air the writes touched that runs on out of the area read: said as what could not be judged, and how to see it. */
const cutOffNotes = (ctx: HintContext): string[] =>
  (ctx.build.cutOff ?? []).map(
    (box) =>
      `Whether the air the writes touched at ${formatBox(box)} is a room could not be judged: it runs on out of the area the hints read${ctx.region ? `, ${formatBox(ctx.region.box)}` : ''}. Read the blocks around it with get_blocks_in_area to see it whole.`,
  );

export const builtRooms = (ctx: HintContext): RuleOutput | undefined => {
  const out = roomNotes(ctx);
  const cut = cutOffNotes(ctx);
  if (!cut.length) return out;
  return { ...out, moduleHints: [...(out?.moduleHints ?? []), ...cut] };
};

const roomNotes = (ctx: HintContext): RuleOutput | undefined => {
  const rooms = ctx.build.rooms;
  const finished = rooms.filter((r) => missing(r).length === 0 && !wayInUnjudged(r) && verified(ctx, r));
  if (rooms.length === 0) return undefined;
  const parts: string[] = [];
  const only = rooms.length === 1 ? rooms[0]! : undefined;
  if (only && finished.length === 0) {
    // one room the writes touched, unfinished: named with its box and what it lacks, never called finished
    // (only where the world was read and walked: the batch alone cannot say what a room lacks)
    if (only.wayIn === undefined) return undefined;
    const lacks = missing(only);
    if (lacks.length === 0 && !wayInUnjudged(only)) return undefined;
    const state = lacks.length
      ? `no ${lacks.join(', no ')} yet`
      : 'whether a player can walk in could not be judged (the way runs out of the area read)';
    return { moduleHints: [`The writes touched ${describeRoom(only)}: ${state}.`] };
  }
  if (rooms.length === 1) {
    parts.push(
      `Built ${describeRoom(finished[0]!)}: walls, floor, roof and a way in, in place and verified.`,
    );
  } else {
    const named = rooms.map((r, i) => {
      const lacks = missing(r);
      const state = finished.includes(r)
        ? 'finished and verified'
        : lacks.length
          ? `no ${lacks.join(', no ')} yet`
          : wayInUnjudged(r)
            ? 'whether a player can walk in could not be judged (the way runs out of the area read)'
            : 'not all read back';
      return `(${i + 1}) ${describeRoom(r)}: ${state}`;
    });
    const walls = dividers(rooms);
    parts.push(
      `${finished.length === rooms.length ? 'Built' : 'The writes touched'} ${rooms.length} rooms: ${named.join('; ')}.${walls.length ? ` ${walls.join('; ').replace(/^t/, 'T')}.` : ''}`,
    );
  }
  const out: RuleOutput = { moduleHints: [parts.join(' ')] };
  const whole = boundingBox(finished.map((r) => r.box));
  // a placed file's rooms are saved already: the file
  if (whole && !ctx.plan) {
    const one = finished.length === 1;
    out.saveSuggestion = {
      topic: one
        ? `voxel:room:${dims(whole).replaceAll('×', 'x')}`
        : `voxel:rooms:${finished.length}:${dims(whole).replaceAll('×', 'x')}`,
      reason: one
        ? `a finished, verified room at ${formatBox(whole)}: save it (save_structure) to reuse, extend or furnish it later`
        : `${finished.length} finished, verified rooms in ${formatBox(whole)}: save them (save_structure with that box) to reuse or extend them later`,
    };
  }
  return out;
};
