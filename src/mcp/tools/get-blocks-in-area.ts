/** Tool `get_blocks_in_area`: every block of a box with its states, losslessly and compactly. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { McbridgeError } from '../../vocabulary/errors.js';
import { boxOf } from '../../vocabulary/blocks/box.js';
import { checkBoxSize } from '../../vocabulary/blocks/box-limit.js';
import { channelBlockSource, noBlockReadsOn, prepareReads } from '../../connection/block-reads.js';
import { AREA_MAX_BLOCKS, AreaFormatSchema, EncodedAreaSchema, encodeArea } from '../../world-view/encode.js';
import { renderAreaText } from '../area-text.js';
import { serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';
import { PositionSchema, TargetArg } from './shared-schemas.js';

export const GetBlocksInAreaInput = z.object({
  from: PositionSchema,
  to: PositionSchema,
  format: AreaFormatSchema.optional().describe('layers (default): a grid per y; runs: runs along x'),
  includeAir: z
    .boolean()
    .optional()
    .describe('also list air explicitly (default false: "." in layers, omitted in runs)'),
  target: TargetArg,
});

export function registerGetBlocksInAreaTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'get_blocks_in_area',
    {
      title: 'Read blocks in an area',
      description: `Read every block in a box (at most ${AREA_MAX_BLOCKS.toLocaleString('en-US')} blocks) with its block states, to check what you built. The palette maps short keys to full states; "." is air, "?" an unloaded chunk (never guess it is air).`,
      inputSchema: GetBlocksInAreaInput,
      outputSchema: EncodedAreaSchema,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async (args, ctx) => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'get_blocks_in_area', ctx.mcpReq.id);
      try {
        // the size first, before the world is asked for anything
        checkBoxSize(args.from, args.to, AREA_MAX_BLOCKS);
        const session = await target.get();
        await prepareReads(session.channel, [boxOf(args.from, args.to)]);
        const source = channelBlockSource(session.channel);
        if (!source) throw new McbridgeError(noBlockReadsOn(session.channel, target.description.name));
        const area = encodeArea(source, args.from, args.to, {
          ...(args.format ? { format: args.format } : {}),
          ...(args.includeAir !== undefined ? { includeAir: args.includeAir } : {}),
        });
        return toolResult(area, renderAreaText(area), context());
      } catch (err) {
        return toolError(err, context());
      }
    },
  );
}
