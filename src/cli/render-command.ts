/** `mcbridge render`: a PNG of a box of the world, from the command line. */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { boxOf } from '../vocabulary/blocks/box.js';
import type { BlockPos } from '../vocabulary/blocks/box.js';
import { McbridgeError } from '../vocabulary/errors.js';
import { channelBlockSource, prepareReads } from '../connection/block-reads.js';
import { renderAreaDetailed } from '../world-view/render.js';
import { type Corner, CORNERS } from '../world-view/rotate.js';
import { addConnectionOptions, type ConnectionFlags, targetFromFlags } from './connection-options.js';

function position(text: string): BlockPos {
  const parts = text.split(',').map((p) => Number.parseInt(p.trim(), 10));
  if (parts.length !== 3 || parts.some((n) => !Number.isInteger(n))) {
    throw new McbridgeError(`"${text}" is not a position`, { remedy: 'write it as x,y,z, e.g. 10,64,-3' });
  }
  const [x, y, z] = parts as [number, number, number];
  return { x, y, z };
}

export function registerRenderCommand(program: Command): void {
  addConnectionOptions(
    program.command('render').description('draw a box of the world as a PNG (isometric or top-down)'),
  )
    .requiredOption('--from <x,y,z>', 'one corner', position)
    .requiredOption('--to <x,y,z>', 'the opposite corner', position)
    .option('--view <view>', 'isometric or top', 'isometric')
    .option(
      '--corner <corner>',
      `isometric: the corner it is seen from (${CORNERS.join(', ')})`,
      'south-east',
    )
    .option('--no-cutaway', 'keep the ceiling of a room (cut away by default)')
    .option('--no-grid', 'no grid lines or coordinate labels')
    .option('--out <file>', 'where to write the PNG', 'area.png')
    .action(
      async (
        flags: ConnectionFlags & {
          from: BlockPos;
          to: BlockPos;
          view: string;
          corner: string;
          cutaway: boolean;
          grid: boolean;
          out: string;
        },
      ) => {
        if (flags.view !== 'isometric' && flags.view !== 'top')
          throw new McbridgeError(`unknown view "${flags.view}"`, { remedy: 'use isometric or top' });
        const corner = CORNERS.find((c) => c === flags.corner);
        if (!corner)
          throw new McbridgeError(`unknown corner "${flags.corner}"`, {
            remedy: `use ${CORNERS.join(', ')}`,
          });
        const target = targetFromFlags(flags);
        try {
          const session = await target.get();
          await prepareReads(session.channel, [boxOf(flags.from, flags.to)]);
          const source = channelBlockSource(session.channel);
          if (!source) throw new McbridgeError('this connection cannot read blocks');
          const picture = renderAreaDetailed(source, flags.from, flags.to, {
            view: flags.view,
            corner: corner satisfies Corner,
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
