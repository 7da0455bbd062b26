/**
 * Double-precision coordinates and rotations as vanilla 1.21.4 reads them:
 * net/minecraft/commands/arguments/coordinates/Vec3Argument.java, WorldCoordinate.java (parseDouble,
 * centre correction of integer x/z), WorldCoordinates.java, LocalCoordinates.java, RotationArgument.java.
 */
import { localToWorld } from './arguments.js';
import { readBrigadierDouble } from './brigadier.js';
import type { Vec } from './entities.js';
import type { StringReader } from './reader.js';

export interface Axis {
  relative: boolean;
  value: number;
}

/** What a coordinate argument resolves against: vanilla's CommandSourceStack position and rotation. */
export interface Anchor {
  position: Vec;
  yaw: number;
  pitch: number;
}

export type Coordinates =
  | { kind: 'world'; x: Axis; y: Axis; z: Axis }
  | { kind: 'local'; left: number; up: number; forwards: number };

function readAxis(reader: StringReader, centerCorrect: boolean): Axis {
  if (reader.canRead() && reader.peek() === '^') throw reader.fail('argument.pos.mixed');
  if (!reader.canRead()) throw reader.fail('argument.pos.missing.double');
  const relative = reader.peek() === '~';
  if (relative) reader.skip();
  const start = reader.cursor;
  const value = reader.canRead() && reader.peek() !== ' ' ? readBrigadierDouble(reader) : 0;
  const text = reader.input.slice(start, reader.cursor);
  if (relative && text === '') return { relative: true, value: 0 };
  return { relative, value: !text.includes('.') && !relative && centerCorrect ? value + 0.5 : value };
}

function readLocalPart(reader: StringReader, start: number): number {
  if (!reader.canRead()) {
    reader.cursor = start;
    throw reader.fail('argument.pos3d.incomplete');
  }
  if (reader.peek() !== '^') throw reader.fail('argument.pos.mixed');
  reader.skip();
  return reader.canRead() && reader.peek() !== ' ' ? readBrigadierDouble(reader) : 0;
}

function next(reader: StringReader, start: number, key: string): void {
  if (!(reader.canRead() && reader.peek() === ' ')) {
    reader.cursor = start;
    throw reader.fail(key);
  }
  reader.skip();
}

/** Vec3Argument.vec3(centerCorrect): `x y z` with `~`, or `^ ^ ^`. */
export function readVec3(reader: StringReader, centerCorrect = true): Coordinates {
  const start = reader.cursor;
  if (reader.canRead() && reader.peek() === '^') {
    const left = readLocalPart(reader, start);
    next(reader, start, 'argument.pos3d.incomplete');
    const up = readLocalPart(reader, start);
    next(reader, start, 'argument.pos3d.incomplete');
    const forwards = readLocalPart(reader, start);
    return { kind: 'local', left, up, forwards };
  }
  const x = readAxis(reader, centerCorrect);
  next(reader, start, 'argument.pos3d.incomplete');
  const y = readAxis(reader, false);
  next(reader, start, 'argument.pos3d.incomplete');
  const z = readAxis(reader, centerCorrect);
  return { kind: 'world', x, y, z };
}

const axisValue = (a: Axis, base: number) => (a.relative ? base + a.value : a.value);

export function resolveVec3(c: Coordinates, anchor: Anchor): Vec {
  if (c.kind === 'local') {
    const p = localToWorld(
      { ...anchor.position, yaw: anchor.yaw, pitch: anchor.pitch },
      c.left,
      c.up,
      c.forwards,
    );
    return { x: p.x, y: p.y, z: p.z };
  }
  return {
    x: axisValue(c.x, anchor.position.x),
    y: axisValue(c.y, anchor.position.y),
    z: axisValue(c.z, anchor.position.z),
  };
}

export interface Rotation {
  yaw: Axis;
  pitch: Axis;
}

/** RotationArgument: `yaw pitch`, each absolute or `~`; `^` is refused. */
export function readRotation(reader: StringReader): Rotation {
  const start = reader.cursor;
  if (!reader.canRead()) throw reader.fail('argument.rotation.incomplete');
  const yaw = readAxis(reader, false);
  next(reader, start, 'argument.rotation.incomplete');
  const pitch = readAxis(reader, false);
  return { yaw, pitch };
}

export function resolveRotation(r: Rotation, anchor: Anchor): { yaw: number; pitch: number } {
  return {
    yaw: Math.fround(axisValue(r.yaw, anchor.yaw)),
    pitch: Math.fround(axisValue(r.pitch, anchor.pitch)),
  };
}

/** which parts of a position are relative (local coordinates are relative on every axis) */
export const isRelativeVec = (c: Coordinates): { x: boolean; y: boolean; z: boolean } =>
  c.kind === 'local' ? { x: true, y: true, z: true } : { x: c.x.relative, y: c.y.relative, z: c.z.relative };

function readIntAxis(reader: StringReader): Axis {
  if (reader.canRead() && reader.peek() === '^') throw reader.fail('argument.pos.mixed');
  if (!reader.canRead()) throw reader.fail('argument.pos.missing.int');
  if (reader.peek() === '~') {
    reader.skip();
    return {
      relative: true,
      value: reader.canRead() && reader.peek() !== ' ' ? readBrigadierDouble(reader) : 0,
    };
  }
  return { relative: false, value: reader.readInt() };
}

/** BlockPosArgument, unresolved: resolved later against the source that runs it (execute changes it). */
export function readBlockCoordinates(reader: StringReader): Coordinates {
  const start = reader.cursor;
  if (reader.canRead() && reader.peek() === '^') return readVec3(reader, false);
  const x = readIntAxis(reader);
  next(reader, start, 'argument.pos3d.incomplete');
  const y = readIntAxis(reader);
  next(reader, start, 'argument.pos3d.incomplete');
  const z = readIntAxis(reader);
  return { kind: 'world', x, y, z };
}

export function resolveBlockPos(c: Coordinates, anchor: Anchor): Vec {
  const p = resolveVec3(c, anchor);
  return { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) };
}
