/**
 * Tools `save_structure` and `place_structure` (and `list_structures`, in list-structures.ts): reusable builds, saved as JSON or as a
 * structure file (.schem, .nbt, .litematic), placed through the normal pipeline. Formats and their
 * origin conventions: docs/structures.md.
 */
import { basename } from 'node:path';
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { boxOf } from '../../vocabulary/blocks/box.js';
import { McbridgeError } from '../../vocabulary/errors.js';
import { channelBlockSource, noBlockReadsOn, prepareReads } from '../../connection/block-reads.js';
import { CompactBatchResultSchema, compactBatch } from '../../results/compact.js';
import type { ResultPages } from '../../results/pages.js';
import { placeCommands, readStructure } from '../../structures/capture.js';
import { AIR_STATE, airCount } from '../../structures/parts.js';
import { STRUCTURE_MAX_BLOCKS } from '../../structures/store.js';
import { checkBoxSize } from '../../vocabulary/blocks/box-limit.js';
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
  PlacedBoxSchema,
  UpgradeSchema,
  boxLine,
  leftOutLine,
  placedBox,
  readPlan,
  transformArgs,
  upgradeLines,
  unknownLine,
  unknownTo,
} from './structure-plan.js';
import { registerListStructuresTool } from './list-structures.js';
import { registerTaskTool } from './task-tools.js';
import { AirSchema, airLine, airReport } from './structures-air.js';
import { MovesSchema, movesLine, placeInParts } from './structures-placing.js';

/** The name a structure is saved under: given, or (for a file) the file's own name. */
function saveName(args: { name?: string | undefined; file?: string | undefined }): string {
  if (args.name !== undefined) return args.name;
  if (args.file === undefined)
    throw new McbridgeError('save_structure needs a name or a file', {
      remedy: 'give name (saved as JSON under that name) or file (a .schem, .nbt or .litematic file)',
    });
  const base = basename(args.file).replace(/\.[^.]*$/, '');
  return base.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'structure';
}

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
        name: NameArg.optional(),
        from: PositionSchema,
        to: PositionSchema,
        file: FileArg.optional().describe(
          'write this file instead (name optional): .schem, .nbt or .litematic',
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
    async (args, ctx) => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'save_structure', ctx.mcpReq.id);
      try {
        // the size first, before the world is asked for anything
        checkBoxSize(args.from, args.to, STRUCTURE_MAX_BLOCKS, 'the structure');
        const session = await target.get();
        await prepareReads(session.channel, [boxOf(args.from, args.to)]);
        const source = channelBlockSource(session.channel);
        if (!source) throw new McbridgeError(noBlockReadsOn(session.channel, target.description.name));
        const structure = readStructure(source, saveName(args), args.from, args.to);
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

  registerListStructuresTool(server, deps);

  registerTaskTool(
    server,
    deps.tasks,
    'place_structure',
    {
      title: 'Place a structure',
      description: `Build a saved structure or file with its minimum corner at origin, optionally mirrored and rotated (the bot goes there when far). The first ${PLACE_MAX_RESULTS} failures are listed; get_batch_results {page.batchId} reads all.`,
      inputSchema: z.object({
        name: NameArg.optional(),
        file: FileArg.optional(),
        origin: PositionSchema,
        rotation: RotationArg,
        mirror: MirrorArg,
        skipAir: z
          .boolean()
          .optional()
          .describe("keep the world's blocks where the file has air (//paste -a)"),
        target: TargetArg,
      }),
      outputSchema: CompactBatchResultSchema.extend({
        unknownBlocks: UnknownBlocksSchema,
        leftOut: LeftOutSchema,
        box: PlacedBoxSchema,
        upgrade: UpgradeSchema,
        air: AirSchema,
        moves: MovesSchema,
      }),
      annotations: { destructiveHint: true, openWorldHint: true, idempotentHint: true },
    },
    async (args, extra, run) => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'place_structure', extra.mcpReq.id);
      try {
        const session = await target.get();
        const { structure, report } = await readPlan(store, args, session.channel);
        const transform = transformArgs(args);
        const box = placedBox(structure, args.origin, transform.rotation);
        const unknown = unknownTo(session.channel.version);
        const unknownBlocks = findUnknown(structure, args.origin, transform, unknown);
        const skipAir = args.skipAir === true;
        const skip = skipAir ? (k: string) => unknown(k) || AIR_STATE.test(k) : unknown;
        const commands = placeCommands(structure, args.origin, transform, skip);
        const { batch, moves } = await placeInParts(
          session,
          { structure, origin: args.origin, transform, skip, box: boxOf(box.from, box.to), commands },
          {
            safety: deps.safety,
            target: target.description.name,
            undo: deps.undo.for(target.description.name),
            label: `place_structure ${args.name ?? args.file ?? ''} at ${args.origin.x} ${args.origin.y} ${args.origin.z} (${commands.length} commands)`,
            signal: run.signal,
            onProgress: (done, total) => run.progress(`${done}/${total} commands done`),
          },
        );
        const air = airReport(batch.results, skipAir, skipAir ? airCount(structure) : 0);
        const batchId = pages.put(batch);
        const answer = compactBatch(batch, { maxResults: PLACE_MAX_RESULTS, batchId });
        const lines = [
          renderBatchText(batch, answer.page),
          ...(moves ? [movesLine(moves)] : []),
          boxLine(box),
          ...(air ? [airLine(air)] : []),
          ...upgradeLines(report, session.channel.version),
          ...(unknownBlocks ? [unknownLine(unknownBlocks, 'were not placed')] : []),
          ...(structure.leftOut ? [leftOutLine(structure, 'were not placed')!] : []),
        ];
        return toolResult(
          {
            ...answer,
            ...(unknownBlocks ? { unknownBlocks } : {}),
            ...(structure.leftOut ? { leftOut: structure.leftOut } : {}),
            box,
            ...(args.file !== undefined ? { upgrade: report } : {}),
            ...(air ? { air } : {}),
            ...(moves ? { moves } : {}),
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
