/** `mcbridge render`: a PNG of a box of the world, from the command line. */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { boxOf } from '../commands/block-box.js';
import type { BlockPos } from '../commands/block-write.js';
import { McbridgeError } from '../errors.js';
import { channelBlockSource, prepareReads } from '../execute/verify-batch.js';
import { renderArea } from '../world-view/render.js';
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
    .option('--no-grid', 'no grid lines or coordinate labels')
    .option('--out <file>', 'where to write the PNG', 'area.png')
    .action(
      async (
        flags: ConnectionFlags & { from: BlockPos; to: BlockPos; view: string; grid: boolean; out: string },
      ) => {
        if (flags.view !== 'isometric' && flags.view !== 'top')
          throw new McbridgeError(`unknown view "${flags.view}"`, { remedy: 'use isometric or top' });
        const target = targetFromFlags(flags);
        try {
          const session = await target.get();
          await prepareReads(session.channel, [boxOf(flags.from, flags.to)]);
          const source = channelBlockSource(session.channel);
          if (!source) throw new McbridgeError('this connection cannot read blocks');
          const png = renderArea(source, flags.from, flags.to, { view: flags.view, grid: flags.grid });
          const out = resolve(flags.out);
          await writeFile(out, png);
          process.stdout.write(`${out}\n`);
        } finally {
          await target.close();
        }
      },
    );
}
