/**
 * Coordinates as vanilla reads and resolves them: absolute, relative (`~`, from the source position) and
 * local (`^left ^up ^forwards`, from the anchor along the source rotation).
 */
import type { BlockPos } from '../vocabulary/blocks/box.js';
import type { Reader } from './reader.js';

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}
export interface Rotation {
  yaw: number;
  pitch: number;
}

/** What `execute` knows about the source at one point of its chain; `undefined` means unknown. */
export interface SourceContext {
  pos: Vec3 | undefined;
  rot: Rotation | undefined;
  dimension: string | undefined;
  anchorEyes: boolean;
  /** `@s` is still the original executor (the bot) */
  selfIsExecutor: boolean;
  /** `@s` may be a player other than the executor (after `as @a`, `on attacker`…) */
  selfMayHitPlayers: boolean;
  /** the executor itself, for `at @s`, `positioned as @s`, `rotated as @s` */
  origin: { pos: Vec3 | undefined; rot: Rotation | undefined; dimension: string | undefined };
}

interface Component {
  kind: 'abs' | 'rel' | 'local';
  value: number;
  /** absolute and written without a decimal point: vanilla centres these for entity positions */
  wholeNumber: boolean;
}

export interface CoordArg {
  components: Component[];
  text: string;
}

function readComponent(reader: Reader, blockPos: boolean, allowLocal: boolean): Component {
  const c = reader.peek();
  if (c === '~' || c === '^') {
    if (c === '^' && !allowLocal) throw reader.fail('local coordinates (^) are not allowed here');
    reader.skip();
    const hasNumber = reader.canRead() && reader.peek() !== ' ';
    return {
      kind: c === '~' ? 'rel' : 'local',
      value: hasNumber ? reader.readDouble() : 0,
      wholeNumber: false,
    };
  }
  if (c === '' || c === ' ') throw reader.fail('expected a coordinate');
  const start = reader.cursor;
  const value = blockPos ? reader.readInt() : reader.readDouble();
  return { kind: 'abs', value, wholeNumber: !reader.input.slice(start, reader.cursor).includes('.') };
}

/** Reads `count` space-separated coordinates; `^` may not be mixed with the other kinds. */
export function readCoords(reader: Reader, count: 2 | 3, blockPos: boolean): CoordArg {
  const start = reader.cursor;
  const components: Component[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0) {
      if (reader.peek() !== ' ') throw reader.fail('expected a space between coordinates');
      reader.skip();
    }
    components.push(readComponent(reader, blockPos, count === 3));
  }
  const locals = components.filter((c) => c.kind === 'local').length;
  if (locals !== 0 && locals !== components.length) {
    throw reader.fail('cannot mix local coordinates (^) with world coordinates', start);
  }
  return { components, text: reader.input.slice(start, reader.cursor) };
}

export function isLocal(arg: CoordArg): boolean {
  return arg.components[0]?.kind === 'local';
}

export function needsPosition(arg: CoordArg): boolean {
  return arg.components.some((c) => c.kind !== 'abs');
}

export interface Resolved {
  pos: Vec3;
  /** why the position is a placeholder rather than the real one */
  unresolved?: string;
}

const ORIGIN: Vec3 = { x: 0, y: 0, z: 0 };
// standing player eye height, for `execute anchored eyes`
const PLAYER_EYE_HEIGHT = 1.62;

/** Resolves a 3-component coordinate argument against the source, as a precise (entity) position. */
export function resolveVec3(arg: CoordArg, ctx: SourceContext, center: boolean): Resolved {
  const [a, b, c] = arg.components as [Component, Component, Component];
  if (a.kind === 'local') {
    let unresolved: string | undefined;
    if (ctx.pos === undefined) unresolved = 'the executor position is unknown';
    else if (ctx.rot === undefined) unresolved = 'the executor rotation is unknown';
    else if (ctx.anchorEyes && !ctx.selfIsExecutor)
      unresolved = 'the eye height of the executing entity is unknown';
    const base = ctx.pos ?? ORIGIN;
    const anchor = ctx.anchorEyes ? { ...base, y: base.y + PLAYER_EYE_HEIGHT } : base;
    const pos = localToWorld(anchor, ctx.rot ?? { yaw: 0, pitch: 0 }, a.value, b.value, c.value);
    return unresolved === undefined ? { pos } : { pos, unresolved };
  }
  const base = ctx.pos ?? ORIGIN;
  const axis = (comp: Component, origin: number, centred: boolean): number => {
    if (comp.kind === 'rel') return origin + comp.value;
    return centred && comp.wholeNumber ? comp.value + 0.5 : comp.value;
  };
  const pos = { x: axis(a, base.x, center), y: axis(b, base.y, false), z: axis(c, base.z, center) };
  if (ctx.pos === undefined && needsPosition(arg))
    return { pos, unresolved: 'the executor position is unknown' };
  return { pos };
}

/** Block positions are the block containing the resolved point (BlockPos.containing: floor). */
export function resolveBlockPos(arg: CoordArg, ctx: SourceContext): { pos: BlockPos; unresolved?: string } {
  const r = resolveVec3(arg, ctx, false);
  const pos = { x: Math.floor(r.pos.x), y: Math.floor(r.pos.y), z: Math.floor(r.pos.z) };
  return r.unresolved === undefined ? { pos } : { pos, unresolved: r.unresolved };
}

/** `rotated <yaw> <pitch>`: `~` is relative to the source rotation. */
export function resolveRotation(arg: CoordArg, ctx: SourceContext): Rotation | undefined {
  const [yaw, pitch] = arg.components as [Component, Component];
  if ((yaw.kind === 'rel' || pitch.kind === 'rel') && ctx.rot === undefined) return undefined;
  const rot = ctx.rot ?? { yaw: 0, pitch: 0 };
  return {
    yaw: yaw.kind === 'rel' ? rot.yaw + yaw.value : yaw.value,
    pitch: pitch.kind === 'rel' ? rot.pitch + pitch.value : pitch.value,
  };
}

// Mth.sin/cos: a 65,536-entry float table indexed by the angle in float precision
const SIN_TABLE = (() => {
  const table = new Float32Array(65536);
  for (let i = 0; i < table.length; i++) table[i] = Math.sin((i * Math.PI * 2) / 65536);
  return table;
})();
const f = Math.fround;
const TABLE_SCALE = f(10430.378);
const DEG_TO_RAD = f(f(Math.PI) / 180);
const tableSin = (v: number): number => SIN_TABLE[Math.trunc(f(f(v) * TABLE_SCALE)) & 0xffff] ?? 0;
const tableCos = (v: number): number => SIN_TABLE[Math.trunc(f(f(f(v) * TABLE_SCALE) + 16384)) & 0xffff] ?? 0;

/** LocalCoordinates.getPosition, float for float. */
export function localToWorld(anchor: Vec3, rot: Rotation, left: number, up: number, forwards: number): Vec3 {
  const c1 = tableCos(f(f(rot.yaw + 90) * DEG_TO_RAD));
  const s1 = tableSin(f(f(rot.yaw + 90) * DEG_TO_RAD));
  const c2 = tableCos(f(-rot.pitch * DEG_TO_RAD));
  const s2 = tableSin(f(-rot.pitch * DEG_TO_RAD));
  const c3 = tableCos(f(f(-rot.pitch + 90) * DEG_TO_RAD));
  const s3 = tableSin(f(f(-rot.pitch + 90) * DEG_TO_RAD));
  const fwd = { x: f(c1 * c2), y: s2, z: f(s1 * c2) };
  const upv = { x: f(c1 * c3), y: s3, z: f(s1 * c3) };
  // left = -(forward × up)
  const lft = {
    x: -(fwd.y * upv.z - fwd.z * upv.y),
    y: -(fwd.z * upv.x - fwd.x * upv.z),
    z: -(fwd.x * upv.y - fwd.y * upv.x),
  };
  return {
    x: anchor.x + (fwd.x * forwards + upv.x * up + lft.x * left),
    y: anchor.y + (fwd.y * forwards + upv.y * up + lft.y * left),
    z: anchor.z + (fwd.z * forwards + upv.z * up + lft.z * left),
  };
}

function wrapDegrees(value: number): number {
  let d = f(value % 360);
  if (d >= 180) d -= 360;
  if (d < -180) d += 360;
  return d;
}

/** CommandSourceStack.facing: the rotation that looks from the anchor at `target`. */
export function rotationFacing(from: Vec3, target: Vec3): Rotation {
  const dx = target.x - from.x;
  const dy = target.y - from.y;
  const dz = target.z - from.z;
  const horizontal = Math.sqrt(dx * dx + dz * dz);
  const radToDeg = f(180 / f(Math.PI));
  return {
    pitch: wrapDegrees(f(-(Math.atan2(dy, horizontal) * radToDeg))),
    yaw: wrapDegrees(f(f(Math.atan2(dz, dx) * radToDeg) - 90)),
  };
}

export function anchorOf(ctx: SourceContext): Vec3 | undefined {
  if (ctx.pos === undefined) return undefined;
  if (!ctx.anchorEyes) return ctx.pos;
  return ctx.selfIsExecutor ? { ...ctx.pos, y: ctx.pos.y + PLAYER_EYE_HEIGHT } : undefined;
}

// DimensionType.coordinateScale of the vanilla dimensions; `execute in` scales x and z between them
const COORDINATE_SCALE: Record<string, number> = {
  'minecraft:overworld': 1,
  'minecraft:the_nether': 8,
  'minecraft:the_end': 1,
};

export function normalizeId(id: string): string {
  return id.includes(':') ? id : `minecraft:${id}`;
}

/** The source after `execute in <dimension>`. */
export function changeDimension(ctx: SourceContext, dimension: string): SourceContext {
  const to = normalizeId(dimension);
  if (ctx.dimension === to) return ctx;
  const fromScale = ctx.dimension === undefined ? undefined : COORDINATE_SCALE[ctx.dimension];
  const toScale = COORDINATE_SCALE[to];
  if (ctx.pos === undefined || fromScale === undefined || toScale === undefined) {
    return { ...ctx, dimension: to, pos: undefined };
  }
  const scale = fromScale / toScale;
  return { ...ctx, dimension: to, pos: { x: ctx.pos.x * scale, y: ctx.pos.y, z: ctx.pos.z * scale } };
}
