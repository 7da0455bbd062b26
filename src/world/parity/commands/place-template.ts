/**
 * `place template <id> [pos [rotation [mirror [integrity [seed]]]]]` as vanilla 1.21.4
 * (server/commands/PlaceCommand.java placeTemplate; TemplateRotationArgument, TemplateMirrorArgument:
 * StringRepresentableArgument's argument.enum.invalid; FloatArgumentType 0..1; IntegerArgumentType).
 * The templates come from the TemplateSource whoever started the world handed in (mcbridge: its saved
 * structures, `save_structure`), named `minecraft:<name>`. A given position is checked first (argument.pos.unloaded / .outofworld), then the
 * template (the thrown commands.place.template.invalid [id]) and the chunks from the position to position +
 * size. Every block is written (air included, as StructureTemplate.placeInWorld does), moved and turned by
 * template-transform.ts, in vanilla's order (template-order.ts); integrity < 1 keeps a block when the seeded
 * LegacyRandom's next float is ≤ it (BlockRotProcessor; seed 0 seeds from the clock). commands.place.template.success [id, x, y, z].
 */
import { readBlockPos, readBlockState } from '../arguments.js';
import { readBrigadierInt, readEnum, readResourceLocation } from '../brigadier.js';
import { readFloat } from '../command-arguments.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, expectArgument, expectEnd } from '../context.js';
import { LegacyRandom } from '../java-random.js';
import { FloatArg } from '../nbt.js';
import { CommandSyntaxError, StringReader } from '../reader.js';
import {
  MIRRORS,
  ROTATIONS,
  type TemplateMirror,
  type TemplateRotation,
  transformPos,
  transformProps,
} from '../template-transform.js';
import { type TemplateBlock, placementOrder } from '../template-order.js';
import { MAX_Y, MIN_Y } from '../world-access.js';
import { requireLoaded } from './setblock.js';

/** FloatArgumentType.floatArg(0, 1): argument.float.low / .big [bound, found] at the number */
function readIntegrity(reader: StringReader): number {
  const start = reader.cursor;
  const value = readFloat(reader);
  if (value < 0 || value > 1) {
    reader.cursor = start;
    // both are Java floats: a list of NBT floats, which the client prints as 1.0 and 1.5
    const args = [new FloatArg(value < 0 ? 0 : 1), new FloatArg(value)] as never[];
    throw reader.fail(value < 0 ? 'argument.float.low' : 'argument.float.big', args);
  }
  return value;
}

interface Settings {
  rotation: TemplateRotation;
  mirror: TemplateMirror;
  integrity: number;
  seed: number;
}

/** the optional arguments after the position, each only after the one before it */
function readSettings(reader: StringReader): Settings {
  const settings: Settings = { rotation: 'none', mirror: 'none', integrity: 1, seed: 0 };
  const steps = [
    () => (settings.rotation = readEnum(reader, ROTATIONS)),
    () => (settings.mirror = readEnum(reader, MIRRORS)),
    () => (settings.integrity = readIntegrity(reader)),
    () => (settings.seed = readBrigadierInt(reader)),
  ];
  for (const step of steps) {
    if (!reader.canRead()) break;
    expectArgument(reader);
    step();
  }
  expectEnd(reader);
  return settings;
}

export async function placeTemplate(ctx: CommandContext): Promise<void> {
  const { reader, pose, world, states } = ctx;
  expectArgument(reader);
  const id = readResourceLocation(reader);
  let pos = { x: Math.floor(pose.x), y: Math.floor(pose.y), z: Math.floor(pose.z) };
  let settings: Settings = { rotation: 'none', mirror: 'none', integrity: 1, seed: 0 };
  const given = reader.canRead();
  if (given) {
    expectArgument(reader);
    pos = readBlockPos(reader, pose);
    settings = readSettings(reader);
  }
  expectEnd(reader);
  if (given) requireLoaded(ctx, pos);
  const name = id.startsWith('minecraft:') ? id.slice(10) : '';
  // a source that fails to read a template has none to give: vanilla's answer for a missing one
  const template = name === '' ? undefined : await ctx.templates.load(name).catch(() => undefined);
  if (!template) throw new CommandSyntaxError('commands.place.template.invalid', [id]);
  const { size } = template;
  const far = { x: pos.x + size.x, y: pos.y + size.y, z: pos.z + size.z };
  if (!world.boxLoaded(pos, far)) throw new CommandSyntaxError('argument.pos.unloaded');

  const { rotation, mirror, integrity, seed } = settings;
  const ids = template.palette.map((key) => {
    const parsed = readBlockState(new StringReader(key), states);
    const props = transformProps(parsed.block.name, states.properties(parsed.stateId), mirror, rotation);
    const turned = states.stateId(parsed.block, props);
    return typeof turned === 'number' ? turned : parsed.stateId;
  });
  const blocks: TemplateBlock[] = [];
  let i = 0;
  // the saved structure lists x fastest, then z, then y
  for (let y = 0; y < size.y; y++)
    for (let z = 0; z < size.z; z++)
      for (let x = 0; x < size.x; x++) {
        const stateId = ids[template.blocks[i++] ?? 0];
        if (stateId !== undefined) blocks.push({ pos: { x, y, z }, stateId });
      }
  const random = integrity < 1 ? new LegacyRandom(seed === 0 ? Date.now() : seed) : undefined;
  for (const { pos: local, stateId } of placementOrder(blocks, states, ctx.level.version)) {
    if (random && !(random.nextFloat() <= integrity)) continue;
    const offset = transformPos(local, mirror, rotation);
    const at = { x: pos.x + offset.x, y: pos.y + offset.y, z: pos.z + offset.z };
    // blocks outside the build height are skipped, as Level.setBlock refuses them
    if (at.y >= MIN_Y && at.y <= MAX_Y) await world.setState(at, stateId);
  }
  world.flush();
  ctx.success(translate('commands.place.template.success', [id, pos.x, pos.y, pos.z]));
}
