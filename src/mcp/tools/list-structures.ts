/**
 * Tool `list_structures`: the saved structures and the structure files place_structure can read, each file
 * described as this server will place it (its upgrade read once per file: structure-file-reads.ts).
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { FORMAT_NAMES, extensionOf } from '../../structures/formats/index.js';
import type { UpgradeReport } from '../../structures/upgrade/index.js';
import { serviceContext, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';
import { PositionSchema } from './shared-schemas.js';
import { filesOf, placedBox, upgradeTargetOf } from './structure-plan.js';
import { upgradedFile, viewVersion } from './structure-file-reads.js';

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
export function registerListStructuresTool(server: McpServer, deps: ToolDeps): void {
  const store = deps.structures;
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
}
