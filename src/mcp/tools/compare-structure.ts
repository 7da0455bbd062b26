/** Tool `compare_structure`: how far a build in the world is from its plan, and the commands that close the gap. */
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { channelBlockSource, noBlockReadsOn, prepareReads } from '../../connection/block-reads.js';
import { compareStructure, fixCommands, scoreOf } from '../../structures/compare.js';
import { McbridgeError } from '../../vocabulary/errors.js';
import { serviceContext, toolError, toolResult } from '../results.js';
import type { ToolDeps } from './deps.js';
import { PositionSchema, TargetArg } from './shared-schemas.js';
import {
  FileArg,
  MirrorArg,
  NameArg,
  RotationArg,
  UnknownBlocksSchema,
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
  LeftOutSchema,
  unknownTo,
} from './structure-plan.js';

export const COMPARE_PAGE_MAX = 200;
const COMPARE_PAGE_DEFAULT = 50;
/** differences written out in the text answer (all of the page are in structuredContent) */
const TEXT_LISTED = 10;
/** fix commands written out in the text answer */
const FIX_LISTED = 50;

const DifferenceSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  z: z.number().int(),
  expected: z.string(),
  actual: z.string(),
});

export const CompareStructureOutput = z.object({
  matched: z.number().int().describe('planned blocks the world has'),
  total: z.number().int().describe('planned blocks compared (structure void is not)'),
  score: z.number().describe('matched / total in percent, one decimal, 100 only when all match'),
  differenceCount: z.number().int(),
  offset: z.number().int(),
  differences: z.array(DifferenceSchema).describe('this page of differences, in the order y, z, x'),
  fix: z
    .array(z.string())
    .describe('commands that make the world match this page of differences, for execute_commands'),
  nextOffset: z.number().int().optional().describe('offset of the next page; absent on the last page'),
  unknownBlocks: UnknownBlocksSchema,
  leftOut: LeftOutSchema,
  box: PlacedBoxSchema,
  upgrade: UpgradeSchema,
});
type CompareStructureOutput = z.infer<typeof CompareStructureOutput>;

export function registerCompareStructureTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'compare_structure',
    {
      title: 'Compare a build with its plan',
      description:
        'Compare the world at origin with a saved structure or file: score, differences (paged) and fix commands for execute_commands.',
      inputSchema: z.object({
        name: NameArg.optional(),
        file: FileArg.optional(),
        origin: PositionSchema.describe("the plan's minimum corner, as given to place_structure"),
        rotation: RotationArg,
        mirror: MirrorArg,
        offset: z.number().int().min(0).optional().describe('skip this many (nextOffset)'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(COMPARE_PAGE_MAX)
          .optional()
          .describe(`per page (default ${COMPARE_PAGE_DEFAULT})`),
        target: TargetArg,
      }),
      outputSchema: CompareStructureOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async (args, ctx) => {
      const target = deps.targets.get(args.target);
      const context = () => serviceContext(target, 'compare_structure', ctx.mcpReq.id);
      try {
        const session = await target.get();
        const { structure, report } = await readPlan(deps.structures, args, session.channel);
        const transform = transformArgs(args);
        const box = placedBox(structure, args.origin, transform.rotation);
        await prepareReads(session.channel, [{ min: box.from, max: box.to }]);
        const source = channelBlockSource(session.channel);
        if (!source) throw new McbridgeError(noBlockReadsOn(session.channel, target.description.name));
        const offset = args.offset ?? 0;
        const limit = args.limit ?? COMPARE_PAGE_DEFAULT;
        const end = offset + limit;
        const progressToken = ctx.mcpReq._meta?.progressToken;
        // one batch's world, not two: a batch on this connection waits while the compare gives way to other calls
        const comparison = await session.exclusive(() =>
          compareStructure(
            structure,
            source,
            args.origin,
            transform,
            { offset, limit },
            (done, positions) => {
              if (progressToken === undefined) return;
              const message = `${done}/${positions} positions compared`;
              void ctx.mcpReq
                .notify({
                  method: 'notifications/progress',
                  params: { progressToken, progress: done, total: positions, message },
                })
                .catch(() => {});
            },
          ),
        );
        const unknown = unknownTo(session.channel.version);
        const unknownBlocks = findUnknown(structure, args.origin, transform, unknown);
        const out: CompareStructureOutput = {
          matched: comparison.matched,
          total: comparison.total,
          score: scoreOf(comparison.matched, comparison.total),
          differenceCount: comparison.differenceCount,
          offset,
          differences: comparison.differences,
          fix: fixCommands(comparison.planned, unknown),
          ...(end < comparison.differenceCount ? { nextOffset: end } : {}),
          ...(unknownBlocks ? { unknownBlocks } : {}),
          ...(structure.leftOut ? { leftOut: structure.leftOut } : {}),
          box,
          ...(args.file !== undefined ? { upgrade: report } : {}),
        };
        const left = leftOutLine(structure, 'were not compared');
        const lines = [
          renderComparison(out, session.channel.version),
          boxLine(box),
          ...upgradeLines(report, session.channel.version),
          ...(left ? [left] : []),
        ];
        return toolResult(out, lines.join('\n'), context());
      } catch (err) {
        return toolError(err, context());
      }
    },
  );
}

function renderComparison(out: CompareStructureOutput, version: string): string {
  const lines: string[] = [];
  if (out.differenceCount === 0) {
    lines.push(`the build matches the plan: 100% (${out.matched} of ${out.total} blocks)`);
  } else {
    lines.push(
      `the build is ${out.differenceCount} block(s) from the plan: ${out.score}% match (${out.matched} of ${out.total} blocks)`,
    );
    for (const d of out.differences.slice(0, TEXT_LISTED))
      lines.push(`  ${d.x} ${d.y} ${d.z}: expected ${d.expected}, found ${d.actual}`);
    if (out.differences.length > TEXT_LISTED)
      lines.push(
        `  … ${out.differences.length - TEXT_LISTED} more on this page (structuredContent.differences)`,
      );
    if (out.fix.length) {
      lines.push(`fix: run these ${out.fix.length} command(s) with execute_commands, then compare again:`);
      for (const command of out.fix.slice(0, FIX_LISTED)) lines.push(`  ${command}`);
      if (out.fix.length > FIX_LISTED) lines.push(`  … and the rest of structuredContent.fix`);
    }
    if (out.nextOffset !== undefined)
      lines.push(`more differences: call compare_structure again with offset ${out.nextOffset}`);
  }
  if (out.unknownBlocks)
    lines.push(
      unknownLine(
        out.unknownBlocks,
        `cannot be matched on ${version}, which has no such block, so they have no fix`,
      ),
    );
  return lines.join('\n');
}
