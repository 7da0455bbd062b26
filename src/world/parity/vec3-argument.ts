/**
 * Vec3Argument (commands/arguments/coordinates/Vec3Argument.java, WorldCoordinate.parseDouble,
 * LocalCoordinates): `x y z` as doubles with `~` and `^`; with centring, whole absolute x and z get +0.5.
 */
import { localToWorld, type SourcePose } from './arguments.js';
import { readBrigadierDouble } from './brigadier.js';
import type { StringReader } from './reader.js';
import type { Vec } from './entities.js';

function readCoordinate(reader: StringReader, center: boolean): { relative: boolean; value: number } {
  if (reader.peek() === '^') throw reader.fail('argument.pos.mixed');
  if (!reader.canRead()) throw reader.fail('argument.pos.missing.double');
  const relative = reader.peek() === '~';
  if (relative) reader.skip();
  const start = reader.cursor;
  const value = reader.canRead() && reader.peek() !== ' ' ? readBrigadierDouble(reader) : 0;
  const text = reader.input.slice(start, reader.cursor);
  return { relative, value: !relative && center && !text.includes('.') ? value + 0.5 : value };
}

export function readVec3(reader: StringReader, pose: SourcePose, center = true): Vec {
  const start = reader.cursor;
  const local = reader.peek() === '^';
  const parts: Array<{ relative: boolean; value: number }> = [];
  for (let i = 0; i < 3; i++) {
    if (i > 0) {
      if (!(reader.canRead() && reader.peek() === ' ')) {
        reader.cursor = start;
        throw reader.fail('argument.pos3d.incomplete');
      }
      reader.skip();
    }
    if (local) {
      if (reader.peek() !== '^') throw reader.fail('argument.pos.mixed');
      reader.skip();
      parts.push({
        relative: true,
        value: reader.canRead() && reader.peek() !== ' ' ? readBrigadierDouble(reader) : 0,
      });
    } else parts.push(readCoordinate(reader, center && i !== 1));
  }
  const [a, b, c] = parts as [(typeof parts)[0], (typeof parts)[0], (typeof parts)[0]];
  if (local) return localToWorld(pose, a.value, b.value, c.value);
  const axis = (p: (typeof parts)[0], base: number) => (p.relative ? base + p.value : p.value);
  return { x: axis(a, pose.x), y: axis(b, pose.y), z: axis(c, pose.z) };
}
