/**
 * Tools `save_structure`, `list_structures`, `place_structure`: reusable builds, saved as JSON or as a
 * structure file (.schem, .nbt, .litematic), placed through the normal pipeline. Formats and their
 * origin conventions: docs/structures.md.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { boxOf } from '../../vocabulary/blocks/box.js';
import { McbridgeError } from '../../vocabulary/errors.js';
import { executeBatch } from '../../execute/execute-batch.js';
import { channelBlockSource, noBlockReadsOn, prepareReads } from '../../connection/block-reads.js';
import { CompactBatchResultSchema, compactBatch } from '../../results/compact.js';
import type { ResultPages } from '../../results/pages.js';
import { placeCommands, readStructure } from '../../structures/capture.js';
import { STRUCTURE_MAX_BLOCKS } from '../../structures/store.js';
import { renderBatchText } from '../../results/text.js';
import { serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';
import { PositionSchema, TargetArg } from './shared-schemas.js';
import {
  FileArg,
  MirrorArg,
  NameArg,
  RotationArg,
  UnknownBlocksSchema,
  LeftOutSchema,
  dataVersionOf,
  filesOf,
  findUnknown,
  leftOutLine,
  loadPlan,
  transformArgs,
  unknownLine,
  unknownTo,
} from './structure-plan.js';
import { registerTaskTool } from './task-tools.js';

/** place_structure lists at most this many results; the rest is paged with get_batch_results */
export const PLACE_MAX_RESULTS = 10;

export function registerStructureTools(server: McpServer, deps: ToolDeps, pages: ResultPages): void {
  const store = deps.structures;

  server.registerTool(
    'save_structure',
    {
      title: 'Save a structure',
      description: `Save every block of a box (at most ${STRUCTURE_MAX_BLOCKS.toLocaleString('en-US')}) with its states under a name, or as a structure file.`,
      inputSchema: z.object({
        name: NameArg,
        from: PositionSchema,
        to: PositionSchema,
        file: FileArg.optional().describe(
          'write this file instead; its extension picks the format (.schem, .nbt, .litematic)',
        ),
        target: TargetArg,
      }),
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
        if (!source) throw new McbridgeError(noBlockReadsOn(session.channel, target.description.name));
        const structure = readStructure(source, args.name, args.from, args.to);
        const path =
          args.file === undefined
            ? await store.save(structure)
            : await filesOf(store).write(args.file, structure, dataVersionOf(session.channel.version));
        if (args.file !== undefined) store.changes.emit('list');
        const out = { name: structure.name, size: structure.size, palette: structure.palette.length, path };
        return toolResult(
          out,
          `saved "${out.name}" to ${path}: ${out.size.x}×${out.size.y}×${out.size.z}, ${out.palette} block states${args.file === undefined ? '' : ' (block entity data is not saved)'}`,
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
        'List the structures saved with save_structure and the structure files place_structure can read.',
      inputSchema: z.object({}),
      outputSchema: z.object({
        structures: z.array(
          z.object({ name: z.string(), size: PositionSchema, blocks: z.number().int(), savedAt: z.string() }),
        ),
        files: z.array(z.object({ file: z.string(), bytes: z.number().int() })),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (_args, extra) => {
      const target = deps.targets.get();
      const structures = await store.list();
      const files = (await filesOf(store).list()).map(({ file, bytes }) => ({ file, bytes }));
      const text =
        [
          ...structures.map((s) => `${s.name}: ${s.size.x}×${s.size.y}×${s.size.z}, ${s.blocks} blocks`),
          ...files.map((f) => `file ${f.file} (${f.bytes} bytes)`),
        ].join('\n') || 'no structures saved and no structure files';
      return toolResult(
        { structures, files },
        text,
        serviceContext(target, 'list_structures', extra.requestId),
      );
    },
  );

  registerTaskTool(
    server,
    deps.tasks,
    'place_structure',
    {
      title: 'Place a structure',
      description: `Build a saved structure or file with its minimum corner at origin, optionally mirrored and rotated, through execute_commands' pipeline. The first ${PLACE_MAX_RESULTS} failures are listed; get_batch_results {page.batchId} reads all.`,
      inputSchema: z.object({
        name: NameArg.optional(),
        file: FileArg.optional(),
        origin: PositionSchema,
        rotation: RotationArg,
        mirror: MirrorArg,
        target: TargetArg,
      }),
      outputSchema: CompactBatchResultSchema.extend({
        unknownBlocks: UnknownBlocksSchema,
        leftOut: LeftOutSchema,
      }),
      annotations: { destructiveHint: true, openWorldHint: true, idempotentHint: true },
    },
    async (args, extra, run) => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'place_structure', extra.requestId);
      try {
        const structure = await loadPlan(store, args);
        const session = await target.get();
        const transform = transformArgs(args);
        const unknown = unknownTo(session.channel.version);
        const unknownBlocks = findUnknown(structure, args.origin, transform, unknown);
        const commands = placeCommands(structure, args.origin, transform, unknown);
        const batch = await executeBatch(session, commands, {
          safety: deps.safety,
          target: target.description.name,
          undo: deps.undo.for(target.description.name),
          // the file is the plan: compare_structure judges it, the hints give no design advice
          designAdvice: false,
          signal: run.signal,
          onProgress: (done, total) => run.progress(`${done}/${total} commands done`),
        });
        const batchId = pages.put(batch);
        const answer = compactBatch(batch, { maxResults: PLACE_MAX_RESULTS, batchId });
        const lines = [
          renderBatchText(batch, answer.page),
          ...(unknownBlocks ? [unknownLine(unknownBlocks, 'were not placed')] : []),
          ...(structure.leftOut ? [leftOutLine(structure, 'were not placed')!] : []),
        ];
        return toolResult(
          {
            ...answer,
            ...(unknownBlocks ? { unknownBlocks } : {}),
            ...(structure.leftOut ? { leftOut: structure.leftOut } : {}),
          },
          lines.join('\n'),
          context(),
        );
      } catch (err) {
        return toolError(err, context());
      }
    },
  );
}
