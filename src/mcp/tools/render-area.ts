/** Tool `render_area`: a PNG picture of a box, isometric from any corner or top-down, with coordinates, the room's ceiling cut away, a legend, and the block counts in words. */
import type { McpServer, CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { McbridgeError } from '../../vocabulary/errors.js';
import { boxOf } from '../../vocabulary/blocks/box.js';
import { channelBlockSource, noBlockReadsOn, prepareReads } from '../../connection/block-reads.js';
import { planRender, RenderOptionsSchema, renderAreaDetailed } from '../../world-view/render.js';
import { CORNERS } from '../../world-view/rotate.js';
import { BUILD_VIEW_TOOL_META } from '../apps/index.js';
import { countLayers, cutawayLine, inViewText, topText } from '../render-text.js';
import { SERVICE_META_KEY, serviceContext, toolError } from '../results.js';
import type { ToolDeps } from './deps.js';
import { PositionSchema, TargetArg } from './shared-schemas.js';

export const RenderAreaInput = RenderOptionsSchema.extend({
  from: PositionSchema,
  to: PositionSchema,
  target: TargetArg,
});

export const RenderAreaOutput = z.object({
  view: z.enum(['isometric', 'top']),
  corner: z.enum(CORNERS).describe('isometric: the corner it is seen from'),
  width: z.number().int(),
  height: z.number().int(),
  scale: z.number(),
  from: PositionSchema,
  to: PositionSchema,
  blocks: z
    .array(z.object({ name: z.string(), count: z.number().int() }))
    .describe('block types in the box under any cutaway (states merged), most first'),
  air: z.number().int(),
  unloaded: z.number().int(),
  shown: z
    .array(z.string())
    .describe('block types with a face in the picture (top view: the top block of each column)'),
  cutaway: z
    .object({
      fromY: z.number().int(),
      removed: z.number().int(),
      blocks: z.array(z.object({ name: z.string(), count: z.number().int() })),
    })
    .optional()
    .describe('the ceiling or roof left out of the picture: every block from this y up, by type'),
});

type RenderAreaCut = NonNullable<z.infer<typeof RenderAreaOutput>['cutaway']>;

export function registerRenderAreaTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'render_area',
    {
      title: 'Render an area as a picture',
      description:
        'Draw a box of the world as a PNG, isometric (from a `corner` and above) or top (a map, north up), to see what you built. Top layers that roof over air are cut away (the answer says what); a legend lists the blocks; unloaded chunks are hatched, never drawn as air.',
      inputSchema: RenderAreaInput,
      outputSchema: RenderAreaOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
      // hosts with MCP Apps show the box in 3D beside the picture (src/mcp/apps)
      _meta: BUILD_VIEW_TOOL_META,
    },
    async (args, ctx): Promise<CallToolResult> => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'render_area', ctx.mcpReq.id);
      try {
        // the size first, before the world is asked for anything: the box and the picture
        planRender(args.from, args.to, args);
        const session = await target.get();
        await prepareReads(session.channel, [boxOf(args.from, args.to)]);
        const source = channelBlockSource(session.channel);
        if (!source) throw new McbridgeError(noBlockReadsOn(session.channel, target.description.name));
        const options = {
          view: args.view,
          ...(args.corner !== undefined ? { corner: args.corner } : {}),
          ...(args.grid !== undefined ? { grid: args.grid } : {}),
          ...(args.scale !== undefined ? { scale: args.scale } : {}),
          ...(args.cutaway !== undefined ? { cutaway: args.cutaway } : {}),
          ...(args.legend !== undefined ? { legend: args.legend } : {}),
          ...(args.textures !== undefined ? { textures: args.textures } : {}),
        };
        const r = renderAreaDetailed(source, args.from, args.to, options);
        const { plan } = r;
        const cutaway: RenderAreaCut | undefined = r.cutaway
          ? { ...r.cutaway, blocks: countLayers(source, plan.box, r.cutaway.fromY) }
          : undefined;
        const structured: z.infer<typeof RenderAreaOutput> = {
          view: plan.view,
          corner: plan.corner,
          width: r.width,
          height: r.height,
          scale: plan.scale,
          from: plan.box.min,
          to: plan.box.max,
          blocks: r.counts.blocks,
          air: r.counts.air,
          unloaded: r.counts.unloaded,
          shown: r.legend,
          ...(cutaway ? { cutaway } : {}),
        };
        const png = r.png;
        const { min, max } = plan.box;
        const lines = [
          `${plan.view} render of ${min.x} ${min.y} ${min.z} to ${max.x} ${max.y} ${max.z}, ${r.width}×${r.height} px, ${r.caption[0]}`,
          cutawayLine(cutaway, options.cutaway ?? true, r.seeThrough),
          plan.view === 'top'
            ? topText(r.legend, r.counts, r.hidden)
            : inViewText(r.shown, r.hidden, plan.box, options.cutaway ?? true),
          ...(plan.view === 'isometric'
            ? [
                `other sides: corner ${CORNERS.filter((c) => c !== plan.corner).join(' | ')}; from above: view top`,
              ]
            : []),
        ];
        const _meta = { [SERVICE_META_KEY]: context() };
        return {
          structuredContent: structured,
          content: [
            { type: 'image', data: png.toString('base64'), mimeType: 'image/png', _meta },
            {
              type: 'text',
              text: lines.join('\n'),
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
