/**
 * `place template <id> [pos]` and `place feature <id> [pos]` as vanilla 1.21.4
 * (server/commands/PlaceCommand.java placeTemplate/placeFeature, ResourceKeyArgument): the
 * templates are mcbridge's saved structures (src/structures, `save_structure`), named `minecraft:<name>`;
 * every block of the template is written (air included, as StructureTemplate.placeInWorld does) and sent to
 * clients; commands.place.template.success [id, x, y, z], the thrown commands.place.template.invalid [id]
 * for an unknown template, argument.pos.unloaded outside loaded chunks. feature, jigsaw and structure:
 * place-worldgen.ts.
 */
import { StructureStore } from '../../../structures/store.js';
import { readBlockPos, readBlockState } from '../arguments.js';
import { readResourceLocation } from '../brigadier.js';
import { readLiteral } from '../command-arguments.js';
import { translate } from '../components.js';
import { type CommandContext, expectArgument, expectEnd } from '../context.js';
import { CommandSyntaxError, StringReader } from '../reader.js';
import { MAX_Y, MIN_Y } from '../world-access.js';
import { placeFeature, placeJigsaw, placeStructure } from './place-worldgen.js';

export async function place(ctx: CommandContext): Promise<void> {
  const { reader, pose, world, states } = ctx;
  const kind = readLiteral(reader, ['feature', 'jigsaw', 'structure', 'template'] as const);
  if (kind === 'feature') return placeFeature(ctx);
  if (kind === 'jigsaw') return placeJigsaw(ctx);
  if (kind === 'structure') return placeStructure(ctx);
  expectArgument(reader);
  const id = readResourceLocation(reader);
  let pos = { x: Math.floor(pose.x), y: Math.floor(pose.y), z: Math.floor(pose.z) };
  if (reader.canRead()) {
    expectArgument(reader);
    pos = readBlockPos(reader, pose);
  }
  expectEnd(reader);
  const name = id.startsWith('minecraft:') ? id.slice(10) : '';
  const template = await new StructureStore().load(name).catch(() => undefined);
  if (!template) throw new CommandSyntaxError('commands.place.template.invalid', [id]);
  const { size } = template;
  const max = { x: pos.x + size.x, y: pos.y + size.y, z: pos.z + size.z };
  if (!world.boxLoaded(pos, max)) throw new CommandSyntaxError('argument.pos.unloaded');
  const ids = template.palette.map((key) => readBlockState(new StringReader(key), states).stateId);
  let i = 0;
  // x fastest, then z, then y (the saved structure's order)
  for (let y = 0; y < size.y; y++)
    for (let z = 0; z < size.z; z++)
      for (let x = 0; x < size.x; x++) {
        const state = ids[template.blocks[i++] ?? 0];
        // blocks outside the build height are skipped, as Level.setBlock refuses them
        if (state !== undefined && pos.y + y >= MIN_Y && pos.y + y <= MAX_Y)
          await world.setState({ x: pos.x + x, y: pos.y + y, z: pos.z + z }, state);
      }
  world.flush();
  ctx.success(translate('commands.place.template.success', [id, pos.x, pos.y, pos.z]));
}
