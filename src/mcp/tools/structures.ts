/** Tools `save_structure`, `list_structures`, `place_structure`: reusable builds, placed through the normal pipeline. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { boxOf } from '../../vocabulary/blocks/box.js';
import { McbridgeError } from '../../vocabulary/errors.js';
import { executeBatch } from '../../execute/execute-batch.js';
import { channelBlockSource, prepareReads } from '../../connection/block-reads.js';
import { CompactBatchResultSchema, compactBatch } from '../../results/compact.js';
import type { ResultPages } from '../../results/pages.js';
import { placeCommands, readStructure } from '../../structures/capture.js';
import { STRUCTURE_MAX_BLOCKS } from '../../structures/store.js';
import { renderBatchText } from '../../results/text.js';
import { serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';
import { PositionSchema, TargetArg } from './shared-schemas.js';
import { registerTaskTool } from './task-tools.js';

const NameArg = z.string().describe('1–64 letters, digits, _ or -');

/** place_structure lists at most this many results; the rest is paged with get_batch_results */
export const PLACE_MAX_RESULTS = 10;

export function registerStructureTools(server: McpServer, deps: ToolDeps, pages: ResultPages): void {
  const store = deps.structures;

  server.registerTool(
    'save_structure',
    {
      title: 'Save a structure',
      description: `Save every block of a box (at most ${STRUCTURE_MAX_BLOCKS.toLocaleString('en-US')}), with its states, under a name, to place copies later with place_structure.`,
      inputSchema: z.object({ name: NameArg, from: PositionSchema, to: PositionSchema, target: TargetArg }),
      outputSchema: z.object({
        name: z.string(),
        size: PositionSchema,
        palette: z.number().int(),
        path: z.string(),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    },
    async (args, extra) => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'save_structure', extra.requestId);
      try {
        const session = await target.get();
        await prepareReads(session.channel, [boxOf(args.from, args.to)]);
        const source = channelBlockSource(session.channel);
        if (!source) throw new McbridgeError(`connection "${target.description.name}" cannot read blocks`);
        const structure = readStructure(source, args.name, args.from, args.to);
        const path = await store.save(structure);
        const out = { name: structure.name, size: structure.size, palette: structure.palette.length, path };
        return toolResult(
          out,
          `saved "${out.name}": ${out.size.x}×${out.size.y}×${out.size.z}, ${out.palette} block states`,
          context(),
        );
      } catch (err) {
        return toolError(err, context());
      }
    },
  );

  server.registerTool(
    'list_structures',
    {
      title: 'List saved structures',
      description:
        'List the structures saved with save_structure: name, size, non-air block count, when saved.',
      inputSchema: z.object({}),
      outputSchema: z.object({
        structures: z.array(
          z.object({ name: z.string(), size: PositionSchema, blocks: z.number().int(), savedAt: z.string() }),
        ),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (_args, extra) => {
      const target = deps.targets.get();
      const structures = await store.list();
      const text =
        structures
          .map((s) => `${s.name}: ${s.size.x}×${s.size.y}×${s.size.z}, ${s.blocks} blocks`)
          .join('\n') || 'no structures saved';
      return toolResult({ structures }, text, serviceContext(target, 'list_structures', extra.requestId));
    },
  );

  registerTaskTool(
    server,
    deps.tasks,
    'place_structure',
    {
      title: 'Place a saved structure',
      description: `Build a copy of a saved structure with its minimum corner at origin, optionally rotated clockwise by 90, 180 or 270 degrees (directional blocks turn with it), through execute_commands' pipeline. The answer lists the first ${PLACE_MAX_RESULTS} failures; get_batch_results {page.batchId} reads every result.`,
      inputSchema: z.object({
        name: NameArg,
        origin: PositionSchema,
        rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]).optional(),
        target: TargetArg,
      }),
      outputSchema: CompactBatchResultSchema,
      annotations: { destructiveHint: true, openWorldHint: true, idempotentHint: true },
    },
    async (args, extra, run) => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'place_structure', extra.requestId);
      try {
        const structure = await store.load(args.name);
        const session = await target.get();
        const commands = placeCommands(structure, args.origin, args.rotation ?? 0);
        const batch = await executeBatch(session, commands, {
          safety: deps.safety,
          target: target.description.name,
          undo: deps.undo.for(target.description.name),
          signal: run.signal,
          onProgress: (done, total) => run.progress(`${done}/${total} commands done`),
        });
        const batchId = pages.put(batch);
        const answer = compactBatch(batch, { maxResults: PLACE_MAX_RESULTS, batchId });
        return toolResult(answer, renderBatchText(batch, answer.page), context());
      } catch (err) {
        return toolError(err, context());
      }
    },
  );
}
