/**
 * `fillbiome <from> <to> <biome> [replace <filter>]` as vanilla 1.21.4's
 * net/minecraft/server/commands/FillBiomeCommand.java: both corners are quantized to the 4×4×4 biome
 * grid (QuartPos), the box's block volume is checked against commandModificationBlockLimit
 * (commands.fillbiome.toobig [limit, volume]), every chunk of it must be loaded (argument.pos.unloaded),
 * each biome cell whose corner lies in the box (and matches the filter) is set and counted, clients get
 * chunk_biomes, and the success is commands.fillbiome.success.count [count, min x y z, max x y z].
 * Arguments: ResourceArgument (argument.resource.not_found) and ResourceOrTagArgument
 * (argument.resource_tag.not_found) over minecraft:worldgen/biome.
 */
import { readBlockPos } from '../arguments.js';
import { readBiome, readBiomeOrTag } from '../biome-arguments.js';
import { type ChunkPos, biomeStorage } from '../biome-storage.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, expectArgument, expectEnd, readOptionalLiteral } from '../context.js';
import { CommandSyntaxError } from '../reader.js';
import { boxOf, volumeOf } from './fill.js';
import { requireLoaded } from './setblock.js';

/** QuartPos.toBlock(QuartPos.fromBlock(v)) */
const quantize = (v: number): number => (v >> 2) << 2;

export async function fillbiome(ctx: CommandContext): Promise<void> {
  const { reader, world } = ctx;
  const storage = biomeStorage(ctx.serv);
  const { registry } = storage;
  expectArgument(reader);
  const from = readBlockPos(reader, ctx.pose);
  expectArgument(reader);
  const to = readBlockPos(reader, ctx.pose);
  expectArgument(reader);
  const biome = readBiome(reader, registry);
  let filter: (name: string) => boolean = () => true;
  if (readOptionalLiteral(reader, ['replace'] as const)) {
    expectArgument(reader);
    filter = readBiomeOrTag(reader, registry);
  }
  expectEnd(reader);

  requireLoaded(ctx, from);
  requireLoaded(ctx, to);
  const q = (p: typeof from) => ({ x: quantize(p.x), y: quantize(p.y), z: quantize(p.z) });
  const box = boxOf(q(from), q(to));
  const volume = volumeOf(box);
  const limit = ctx.gamerules.blockLimit;
  if (volume > limit) throw new CommandSyntaxError('commands.fillbiome.toobig', [limit, volume]);
  if (!world.boxLoaded(box.min, box.max)) throw new CommandSyntaxError('argument.pos.unloaded');
  const chunks: ChunkPos[] = [];
  for (let z = box.min.z >> 4; z <= box.max.z >> 4; z++)
    for (let x = box.min.x >> 4; x <= box.max.x >> 4; x++) chunks.push({ x, z });

  let count = 0;
  for (const chunk of chunks) {
    const column = await storage.column(world.world, chunk);
    // the cells of this chunk whose corner is inside the box (box corners sit on the 4-block grid)
    const x0 = Math.max(box.min.x, chunk.x * 16);
    const x1 = Math.min(box.max.x, chunk.x * 16 + 15);
    const z0 = Math.max(box.min.z, chunk.z * 16);
    const z1 = Math.min(box.max.z, chunk.z * 16 + 15);
    for (let x = x0; x <= x1; x += 4)
      for (let z = z0; z <= z1; z += 4)
        for (let y = box.min.y; y <= box.max.y; y += 4) {
          const local = { x: x & 15, y, z: z & 15 };
          if (!filter(registry.name(column.getBiome(local)) ?? '')) continue;
          column.setBiome(local, biome);
          count++;
        }
  }
  await storage.resend(world.world, chunks);
  ctx.success(
    translate('commands.fillbiome.success.count', [
      count,
      box.min.x,
      box.min.y,
      box.min.z,
      box.max.x,
      box.max.y,
      box.max.z,
    ]),
  );
}
