/** `mcbridge render`: a PNG of a box of the world, from the command line. */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { type BlockPos, boxOf } from '../vocabulary/blocks/box.js';
import { McbridgeError } from '../vocabulary/errors.js';
import { channelBlockSource, noBlockReads, prepareReads } from '../connection/block-reads.js';
import { renderAreaDetailed } from '../world-view/render.js';
import { type Corner, CORNERS } from '../world-view/rotate.js';
import { addConnectionOptions, type ConnectionFlags, targetFromFlags } from './connection-options.js';

function position(text: string): BlockPos {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length !== 3 || parts.some((p) => !/^-?\d+$/.test(p)))
    throw new InvalidArgumentError('expected x,y,z in whole blocks, e.g. 10,64,-3');
  const [x, y, z] = parts.map(Number) as [number, number, number];
  return { x, y, z };
}

export function registerRenderCommand(program: Command): void {
  addConnectionOptions(
    program.command('render').description('draw a box of the world as a PNG (isometric or top-down)'),
  )
    .requiredOption('--from <x,y,z>', 'one corner', position)
    .requiredOption('--to <x,y,z>', 'the opposite corner', position)
    .addOption(
      new Option('--view <view>', 'isometric or top').choices(['isometric', 'top']).default('isometric'),
    )
    .addOption(
      new Option('--corner <corner>', 'isometric: the corner it is seen from')
        .choices(CORNERS)
        .default('south-east'),
    )
    .option('--no-cutaway', 'keep the ceiling of a room (cut away by default)')
    .option('--no-grid', 'no grid lines or coordinate labels')
    .option('--out <file>', 'where to write the PNG', 'area.png')
    .action(
      async (
        flags: ConnectionFlags & {
          from: BlockPos;
          to: BlockPos;
          view: 'isometric' | 'top';
          corner: Corner;
          cutaway: boolean;
          grid: boolean;
          out: string;
        },
      ) => {
        const target = targetFromFlags(flags);
        try {
          const session = await target.get();
          await prepareReads(session.channel, [boxOf(flags.from, flags.to)]);
          const source = channelBlockSource(session.channel);
          if (!source) throw new McbridgeError(noBlockReads(session.channel));
          const picture = renderAreaDetailed(source, flags.from, flags.to, {
            view: flags.view,
            corner: flags.corner,
            grid: flags.grid,
            cutaway: flags.cutaway,
          });
          const out = resolve(flags.out);
          await writeFile(out, picture.png);
          process.stdout.write(`${out}\n`);
          process.stderr.write(`${picture.caption.join('; ')}\n`);
        } finally {
          await target.close();
        }
      },
    );
}
