/** Tool `get_blocks_in_area`: every block of a box with its states, losslessly and compactly. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { McbridgeError } from '../../errors.js';
import { boxOf } from '../../commands/block-box.js';
import { channelBlockSource, prepareReads } from '../../execute/verify-batch.js';
import { AREA_MAX_BLOCKS, AreaFormatSchema, EncodedAreaSchema, encodeArea } from '../../world-view/encode.js';
import { serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';
import { PositionSchema, TargetArg } from './shared-schemas.js';

export const GetBlocksInAreaInput = z.object({
  from: PositionSchema.describe('one corner (inclusive)'),
  to: PositionSchema.describe('the opposite corner (inclusive)'),
  format: AreaFormatSchema.optional().describe(
    'layers (default): one text grid per y, one row per z, one character per x; runs: run-length runs along x',
  ),
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
      description: `Read every block in a box (at most ${AREA_MAX_BLOCKS.toLocaleString('en-US')} blocks) with its block states, as the bot's world shows it.
The palette maps short keys to full states (e.g. "b": "minecraft:oak_door[facing=north,half=lower]"). "." is air, "?" is an unloaded chunk — never guess those are air. Use it to check what you built.`,
      inputSchema: GetBlocksInAreaInput,
      outputSchema: EncodedAreaSchema,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async (args, extra) => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'get_blocks_in_area', extra.requestId);
      try {
        const session = await target.get();
        await prepareReads(session.channel, [boxOf(args.from, args.to)]);
        const source = channelBlockSource(session.channel);
        if (!source) throw new McbridgeError(`connection "${target.description.name}" cannot read blocks`);
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

function renderAreaText(area: z.infer<typeof EncodedAreaSchema>): string {
  const head = `${area.size.x}×${area.size.y}×${area.size.z} blocks from ${area.from.x} ${area.from.y} ${area.from.z} to ${area.to.x} ${area.to.y} ${area.to.z}`;
  const palette = Object.entries(area.palette)
    .map(([k, v]) => `${k} = ${v}`)
    .join('\n');
  const body =
    area.layers?.map((l) => `y=${l.y}\n${l.rows.join('\n')}`).join('\n\n') ??
    `${area.runs?.length ?? 0} runs (see structuredContent.runs)`;
  const unloaded = area.unloaded?.length
    ? `\nunloaded: ${area.unloaded.length} box(es) — move the bot closer and read again`
    : '';
  return `${head}${unloaded}\n${palette}\n\n${body}`;
}
