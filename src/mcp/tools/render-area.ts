/** Tool `render_area`: a PNG picture of a box, isometric or top-down, with coordinates. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { McbridgeError } from '../../errors.js';
import { boxOf } from '../../commands/block-box.js';
import { channelBlockSource, prepareReads } from '../../execute/verify-batch.js';
import { planRender, RenderOptionsSchema, renderArea } from '../../world-view/render.js';
import { SERVICE_META_KEY, serviceContext, toolError } from '../results.js';
import type { ToolDeps } from './deps.js';
import { PositionSchema, TargetArg } from './shared-schemas.js';

export const RenderAreaInput = RenderOptionsSchema.extend({
  from: PositionSchema.describe('one corner (inclusive)'),
  to: PositionSchema.describe('the opposite corner (inclusive)'),
  target: TargetArg,
});

export const RenderAreaOutput = z.object({
  view: z.enum(['isometric', 'top']),
  width: z.number().int(),
  height: z.number().int(),
  scale: z.number(),
  from: PositionSchema,
  to: PositionSchema,
});

export function registerRenderAreaTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'render_area',
    {
      title: 'Render an area as a picture',
      description:
        'Draw a box of the world as a PNG: isometric (seen from the south-east and above: x runs down-right, z down-left) or top (a map, north up). Grid lines and coordinate labels relate pixels to blocks; unloaded chunks are hatched, never drawn as air.',
      inputSchema: RenderAreaInput,
      outputSchema: RenderAreaOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async (args, extra): Promise<CallToolResult> => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'render_area', extra.requestId);
      try {
        const session = await target.get();
        await prepareReads(session.channel, [boxOf(args.from, args.to)]);
        const source = channelBlockSource(session.channel);
        if (!source) throw new McbridgeError(`connection "${target.description.name}" cannot read blocks`);
        const options = {
          view: args.view,
          ...(args.grid !== undefined ? { grid: args.grid } : {}),
          ...(args.scale !== undefined ? { scale: args.scale } : {}),
        };
        const plan = planRender(args.from, args.to, options);
        const png = renderArea(source, args.from, args.to, options);
        const structured: z.infer<typeof RenderAreaOutput> = {
          view: plan.view,
          width: plan.width,
          height: plan.height,
          scale: plan.scale,
          from: plan.box.min,
          to: plan.box.max,
        };
        const _meta = { [SERVICE_META_KEY]: context() };
        return {
          structuredContent: structured,
          content: [
            { type: 'image', data: png.toString('base64'), mimeType: 'image/png', _meta },
            {
              type: 'text',
              text: `${plan.view} render of ${plan.box.min.x} ${plan.box.min.y} ${plan.box.min.z} to ${plan.box.max.x} ${plan.box.max.y} ${plan.box.max.z}, ${plan.width}×${plan.height} px`,
              _meta,
            },
          ],
          _meta,
        };
      } catch (err) {
        return toolError(err, context());
      }
    },
  );
}
