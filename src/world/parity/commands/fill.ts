/**
 * `fill <from> <to> <block> [replace [filter]|keep|destroy|hollow|outline]` with vanilla 1.21.4 feedback
 * (server/commands/FillCommand.java): the box is walked in BlockPos.betweenClosed order (x fastest, then y,
 * then z), each block placed as BlockInput.place places it, shaped by and shaping its neighbours
 * (shaped-writes.ts) — so the order shows once shapes apply.
 */
import type { BlockPos } from '../../../vocabulary/blocks/box.js';
import { type BlockPredicate, readBlockPos, readBlockPredicate, readBlockState } from '../arguments.js';
import { translate } from '../../../vocabulary/text/vanilla-shapes.js';
import { type CommandContext, expectArgument, expectEnd, readOptionalLiteral } from '../context.js';
import { CommandSyntaxError } from '../reader.js';
import { ShapedWrites } from '../shaped-writes.js';
import { requireLoaded } from './setblock.js';

const MODES = ['replace', 'keep', 'destroy', 'hollow', 'outline'] as const;
type FillMode = (typeof MODES)[number];

export interface Box {
  min: BlockPos;
  max: BlockPos;
}

export const boxOf = (a: BlockPos, b: BlockPos): Box => ({
  min: { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), z: Math.min(a.z, b.z) },
  max: { x: Math.max(a.x, b.x), y: Math.max(a.y, b.y), z: Math.max(a.z, b.z) },
});

export const volumeOf = (box: Box): number =>
  (box.max.x - box.min.x + 1) * (box.max.y - box.min.y + 1) * (box.max.z - box.min.z + 1);

export async function fill(ctx: CommandContext): Promise<void> {
  const { reader } = ctx;
  expectArgument(reader);
  const from = readBlockPos(reader, ctx.pose);
  expectArgument(reader);
  const to = readBlockPos(reader, ctx.pose);
  expectArgument(reader);
  const block = readBlockState(reader, ctx.states);
  const mode: FillMode = readOptionalLiteral(reader, MODES) ?? 'replace';
  let filter: BlockPredicate | undefined;
  if (mode === 'replace' && reader.canRead()) {
    expectArgument(reader);
    filter = readBlockPredicate(reader, ctx.states, ctx.blockTags);
  }
  expectEnd(reader);

  const box = boxOf(from, to);
  const volume = volumeOf(box);
  const limit = ctx.gamerules.blockLimit;
  if (volume > limit) throw new CommandSyntaxError('commands.fill.toobig', [limit, volume]);
  requireLoaded(ctx, box.min);
  requireLoaded(ctx, box.max);
  if (!ctx.world.boxLoaded(box.min, box.max)) throw new CommandSyntaxError('argument.pos.unloaded');

  const air = ctx.states.airStateId;
  const writes = new ShapedWrites(ctx.world, ctx.states);
  let changed = 0;
  for (let z = box.min.z; z <= box.max.z; z++) {
    for (let y = box.min.y; y <= box.max.y; y++) {
      for (let x = box.min.x; x <= box.max.x; x++) {
        const pos = { x, y, z };
        const onShell =
          x === box.min.x ||
          x === box.max.x ||
          y === box.min.y ||
          y === box.max.y ||
          z === box.min.z ||
          z === box.max.z;
        let target: number | undefined = block.stateId;
        if (mode === 'hollow') target = onShell ? block.stateId : air;
        else if (mode === 'outline' && !onShell) target = undefined;
        if (target === undefined) continue;
        if (mode === 'keep' || filter || mode === 'destroy') {
          const current = await writes.stateIdAt(pos);
          if (mode === 'keep' && !ctx.states.isAir(current)) continue;
          if (filter && !filter(current, () => ctx.world.blockEntities.fullDataAt(pos))) continue;
          // the destroy filter: Level.destroyBlock, then the block is placed again
          if (mode === 'destroy' && !ctx.states.isAir(current)) await writes.setBlock(pos, air);
        }
        // FillCommand: Clearable.tryClear before each placement
        ctx.world.blockEntities.clear(pos);
        // the hollow inside is plain air: BlockInput of air, whose shape is air
        if (!(await writes.place(pos, target, target === block.stateId ? block.named : {}))) continue;
        changed++;
        // BlockInput.place loads the NBT only into a block it placed
        if (block.nbt && target === block.stateId) ctx.world.blockEntities.load(pos, block.nbt);
      }
    }
  }
  ctx.world.flush();
  if (changed === 0) throw new CommandSyntaxError('commands.fill.failed');
  ctx.success(translate('commands.fill.success', [changed]));
}
