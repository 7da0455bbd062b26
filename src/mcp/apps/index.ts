/**
 * The build inside the chat (MCP Apps, the `io.modelcontextprotocol/ui` extension, SEP-1865, through
 * @modelcontextprotocol/ext-apps 2.x): the `ui://mcbridge/build-view` resource (a self-contained 3D View,
 * view-html.ts) and the app-only tool `view_region_mesh` the View calls for a box's meshes. render_area and
 * execute_commands point at the View with BUILD_VIEW_TOOL_META. The server advertises the extension in its
 * capabilities (`initialize` for 2025 clients, `server/discover` for 2026-07-28 ones) and links the View for
 * every client: a 2026-07-28 client's capabilities come with each request, not before the tools are listed,
 * and a host without MCP Apps ignores the link and keeps the PNG/text result, which says everything.
 */
import {
  EXTENSION_ID,
  RESOURCE_MIME_TYPE,
  RESOURCE_URI_META_KEY,
  registerAppResource,
  registerAppTool,
} from '@modelcontextprotocol/ext-apps/server';
import type { McpServer, CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { McbridgeError } from '../../vocabulary/errors.js';
import { channelBlockSource, noBlockReadsOn, prepareReads } from '../../connection/block-reads.js';
import { serviceContext, toolError } from '../results.js';
import type { ToolDeps } from '../tools/deps.js';
import { PositionSchema, TargetArg } from '../tools/shared-schemas.js';
import { MAX_VIEW_VOLUME, meshRegion } from './region-mesh.js';
import { buildViewHtml } from './view-html.js';
import { viewBox } from './view-box.js';

export const BUILD_VIEW_URI = 'ui://mcbridge/build-view';

/** `_meta` for a tool whose results the View shows (both the current key and the older flat one). */
export const BUILD_VIEW_TOOL_META = {
  ui: { resourceUri: BUILD_VIEW_URI },
  [RESOURCE_URI_META_KEY]: BUILD_VIEW_URI,
} as const;

// everything is inline (scripts, styles, the atlas as a data: URL) and the View talks only to its host
const VIEW_CSP = { connectDomains: [], resourceDomains: [] };

const ViewRegionInput = z.object({
  from: PositionSchema.optional(),
  to: PositionSchema.optional(),
  commands: z
    .array(z.string())
    .max(1000)
    .optional()
    .describe(
      'instead of from/to: applied commands; the box holds their block writes within their rooms (else a few blocks around)',
    ),
  cutaway: z.boolean().optional().describe("cut a room's ceiling away, as render_area does (default true)"),
  target: TargetArg,
});

export function registerBuildView(server: McpServer, deps: ToolDeps): void {
  // the extension's settings object: mcbridge has none
  server.server.registerCapabilities({ extensions: { [EXTENSION_ID]: {} } });
  registerAppResource(
    server,
    'build-view',
    BUILD_VIEW_URI,
    {
      title: 'The build in 3D',
      description:
        'MCP App View: the box of a render_area or execute_commands result in 3D (prismarine-viewer), redrawn at every later result',
      mimeType: RESOURCE_MIME_TYPE,
      _meta: { ui: { csp: VIEW_CSP, prefersBorder: true } },
    },
    (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: RESOURCE_MIME_TYPE,
          text: buildViewHtml(),
          _meta: { ui: { csp: VIEW_CSP, prefersBorder: true } },
        },
      ],
    }),
  );

  registerAppTool(
    server,
    'view_region_mesh',
    {
      title: 'Meshes of a box for the 3D View',
      description: `Make the 3D meshes of a box (at most ${MAX_VIEW_VOLUME} blocks) for the build View; models use render_area instead.`,
      inputSchema: ViewRegionInput,
      annotations: { readOnlyHint: true, openWorldHint: true },
      _meta: { ui: { resourceUri: BUILD_VIEW_URI, visibility: ['app'] } },
    },
    async (args, extra): Promise<CallToolResult> => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'view_region_mesh', extra.mcpReq.id);
      try {
        const session = await target.get();
        const channel = session.channel;
        // the rooms that hold what the commands changed are read from the world around it
        const box = await viewBox(args, channel.executorPosition(), MAX_VIEW_VOLUME, {
          version: channel.version,
          read: async (area) => {
            await prepareReads(channel, [area]);
            return channelBlockSource(channel);
          },
        });
        if (!box) {
          return {
            structuredContent: { changed: false },
            content: [
              {
                type: 'text',
                text: 'no box given and none of the commands writes blocks at a known position: nothing to show',
              },
            ],
          };
        }
        await prepareReads(session.channel, [box]);
        const source = channelBlockSource(session.channel);
        if (!source) throw new McbridgeError(noBlockReadsOn(session.channel, target.description.name));
        const mesh = meshRegion(source, box.min, box.max, { cutaway: args.cutaway ?? true });
        const faces = mesh.sections.reduce((n, s) => n + s.faces, 0);
        return {
          structuredContent: { ...mesh },
          content: [
            {
              type: 'text',
              text: `meshes of ${mesh.from.x} ${mesh.from.y} ${mesh.from.z} to ${mesh.to.x} ${mesh.to.y} ${mesh.to.z}: ${mesh.solid} blocks, ${faces} faces in ${mesh.sections.length} sections${mesh.unloaded ? `, ${mesh.unloaded} blocks unloaded (left empty)` : ''}${mesh.cutaway ? `, ceiling cut away: ${mesh.cutaway.removed} blocks from y ${mesh.cutaway.fromY} up left out` : ''}`,
            },
          ],
        };
      } catch (err) {
        return toolError(err, context());
      }
    },
  );
}
