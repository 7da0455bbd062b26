/**
 * Tools `save_structure`, `list_structures`, `place_structure`: reusable builds, saved as JSON or as a
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
import { FORMAT_NAMES, extensionOf } from '../../structures/formats/index.js';
import type { UpgradeReport } from '../../structures/upgrade/index.js';
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
  upgradeTargetOf,
  upgradeLines,
  unknownLine,
  unknownTo,
} from './structure-plan.js';
import { upgradedFile, viewVersion } from './structure-file-reads.js';
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

/** how the upgrader names the version of a file that does not say it */
const THIS_SERVER = "this server's version";

/** What reading a file for the server changes, in a few words after its line in list_structures. */
function changesText(report: UpgradeReport, version: string): string {
  const changed = report.changes.reduce((n, c) => n + c.blocks, 0);
  if (changed === 0 && report.notPlaceable.length === 0) return '';
  const rules = report.changes.map((c) => `${c.rule}: ${c.blocks}`).join('; ');
  const cannot = report.notPlaceable.reduce((n, c) => n + c.blocks, 0);
  return `; read as ${version} reads it${rules ? ` — ${rules}` : ''}${cannot ? `; ${cannot} block(s) ${version} cannot hold as written` : ''}`;
}

/** list_structures reads at most this many bytes of structure files to describe them */
export const LIST_READ_BYTES = 64 * 1024 * 1024;
/** list_structures describes at most this many saved structures and files per call; offset pages on */
export const LIST_PAGE = 50;
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

  server.registerTool(
    'list_structures',
    {
      title: 'List saved structures',
      description: 'List saved structures and structure files (with version) place_structure can read.',
      inputSchema: z.object({ offset: z.number().int().min(0).optional() }),
      outputSchema: z.object({
        folders: z
          .array(z.string())
          .describe('where structure files are read from (the first also holds saved structures)'),
        structures: z.array(
          z.object({ name: z.string(), size: PositionSchema, blocks: z.number().int(), savedAt: z.string() }),
        ),
        files: z.array(
          z.object({
            file: z.string(),
            bytes: z.number().int(),
            format: z.string(),
            size: PositionSchema.optional(),
            blocks: z.number().int().optional().describe('blocks that are not air or structure void'),
            writtenIn: z.string().optional().describe('the Minecraft version the file was written in'),
            error: z.string().optional().describe('why the file cannot be read'),
          }),
        ),
        nextOffset: z.number().int().optional().describe('call again with this offset for the rest'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args, ctx) => {
      const target = deps.targets.get();
      // a page of saved structures, then of files, in one sequence: only the page's files are read
      const offset = args.offset ?? 0;
      const names = await store.names();
      const pageNames = names.slice(offset, offset + LIST_PAGE);
      const structures = await store.describe(pageNames);
      const files = filesOf(store);
      const allFiles = await files.list();
      const fileStart = Math.max(0, offset - names.length);
      const pageFiles = allFiles.slice(fileStart, fileStart + LIST_PAGE - pageNames.length);
      const seen = Math.min(names.length + allFiles.length, offset + LIST_PAGE);
      const more = names.length + allFiles.length - seen;
      // files are read one at a time, within a budget: past it they are listed by name, format and bytes
      let budget = LIST_READ_BYTES;
      const view = viewVersion(target);
      const listed = [];
      for (const { file, bytes } of pageFiles) {
        listed.push(
          await (async () => {
            const format = FORMAT_NAMES[extensionOf(file)!];
            if (bytes > budget)
              return {
                file,
                bytes,
                format,
                error: `not read for this listing (more than ${LIST_READ_BYTES / 1024 / 1024} MiB of files): place_structure and compare_structure read it`,
              };
            budget -= bytes;
            try {
              // what place_structure will place: the file as this server reads it
              const { structure, report } = await upgradedFile(files, file, upgradeTargetOf(view.version));
              const { size, blocks } = placedBox(structure, { x: 0, y: 0, z: 0 }, 0);
              const writtenIn =
                report.fromDataVersion === undefined && report.writtenIn.startsWith(THIS_SERVER)
                  ? 'an unknown version'
                  : report.writtenIn;
              return { file, bytes, format, size, blocks, writtenIn, report };
            } catch (err) {
              return { file, bytes, format, error: err instanceof Error ? err.message : String(err) };
            }
          })(),
        );
      }
      const folders = [...files.roots];
      const dims = (p: { x: number; y: number; z: number }) => `${p.x}×${p.y}×${p.z}`;
      const text = [
        `structure files are read from ${folders.join(' and ')} (saved structures live in the first)`,
        ...(structures.length + listed.length === 0
          ? ['no structures saved and no structure files there']
          : []),
        ...structures.map((s) => `${s.name}: ${dims(s.size)}, ${s.blocks} blocks (saved ${s.savedAt})`),
        ...listed.map((f) =>
          f.error !== undefined
            ? `file ${f.file} (${f.format}, ${f.bytes} bytes): ${f.error.startsWith('not read') ? f.error : `cannot be read — ${f.error}`}`
            : `file ${f.file} (${f.format}, ${f.bytes} bytes): ${dims(f.size!)}, ${f.blocks} blocks, written in ${f.writtenIn}${changesText(f.report!, view.version)}`,
        ),
        ...(view.note && listed.some((f) => f.report) ? [`(${view.note})`] : []),
        ...(more > 0 ? [`…and ${more} more: call list_structures with offset: ${seen}`] : []),
      ].join('\n');
      const filesOut = listed.map(({ report: _report, ...f }) => f);
      return toolResult(
        { folders, structures, files: filesOut, ...(more > 0 ? { nextOffset: seen } : {}) },
        text,
        serviceContext(target, 'list_structures', ctx.mcpReq.id),
      );
    },
  );

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
