/**
 * What place_structure and compare_structure share: the plan from a saved name or a structure file, and
 * the blocks of it that the server's version does not know (reported per block, never placed).
 */
import { createRequire } from 'node:module';
import { z } from 'zod';
import { registries } from '../../suggest/registries.js';
import { channelBlockSource, prepareReads } from '../../connection/block-reads.js';
import type { CommandChannel } from '../../connection/channel.js';
import type { BlockState } from '../../vocabulary/blocks/block-state.js';
import { eachPlacedBlock } from '../../structures/capture.js';
import type { Transform } from '../../structures/rotate.js';
import { StructureFiles } from '../../structures/files.js';
import { type Structure, StructureError, type StructureStore } from '../../structures/store.js';
import {
  type UpgradeReport,
  type UpgradeTarget,
  dataVersionOfRelease,
  upgradeStructure,
} from '../../structures/upgrade/index.js';
import { upgradedFile } from './structure-file-reads.js';

const require = createRequire(import.meta.url);

export const NameArg = z.string().describe('a saved structure: 1–64 letters, digits, _ or -');
export const FileArg = z
  .string()
  .describe('a .schem, .schematic, .nbt or .litematic file in the structures folder or an allowed one');
export const MirrorArg = z
  .enum(['none', 'left_right', 'front_back'])
  .optional()
  .describe('before rotation; left_right flips north/south, front_back east/west');
export const RotationArg = z
  .literal([0, 90, 180, 270])
  .optional()
  .describe('degrees clockwise seen from above');

/** at most this many unknown blocks are listed by position */
export const UNKNOWN_LISTED = 20;

export const UnknownBlocksSchema = z
  .object({
    count: z.number().int().describe('blocks whose state the server’s version does not know: not placed'),
    states: z.array(z.string()).describe('the unknown states (at most 20)'),
    blocks: z
      .array(z.object({ x: z.number().int(), y: z.number().int(), z: z.number().int(), state: z.string() }))
      .describe(`where they would go (the first ${UNKNOWN_LISTED})`),
  })
  .optional();
export type UnknownBlocks = NonNullable<z.infer<typeof UnknownBlocksSchema>>;

export const filesOf = (store: StructureStore) => new StructureFiles(store.dir, store.allowedDirs);

export async function loadPlan(
  store: StructureStore,
  args: { name?: string | undefined; file?: string | undefined },
): Promise<Structure> {
  if ((args.name === undefined) === (args.file === undefined))
    throw new StructureError('give either name (a saved structure) or file (a structure file), not both', {
      remedy: 'see list_structures for names',
    });
  return args.file !== undefined ? filesOf(store).read(args.file) : store.load(args.name!);
}

export const transformArgs = (args: {
  rotation?: 0 | 90 | 180 | 270 | undefined;
  mirror?: 'none' | 'left_right' | 'front_back' | undefined;
}): Transform => ({ rotation: args.rotation ?? 0, mirror: args.mirror ?? 'none' });

/** The server a plan is read for: its release, DataVersion and blocks (minecraft-data). */
export function upgradeTargetOf(version: string): UpgradeTarget {
  const known = registries(version);
  return {
    version,
    dataVersion: dataVersionOf(version) ?? dataVersionOfRelease(known.version) ?? 4189,
    states: (name) =>
      known.blocks.includes(name.replace(/^minecraft:/, '')) ? (known.states(name) ?? []) : undefined,
  };
}

/**
 * The plan as the server reads it: a structure file's states upgraded (or downgraded) from the version it
 * was written in to the server's, with the report of what that took; a saved structure as it is.
 */
export async function readPlan(
  store: StructureStore,
  args: {
    name?: string | undefined;
    file?: string | undefined;
    origin: { x: number; y: number; z: number };
    rotation?: number | undefined;
    mirror?: string | undefined;
  },
  channel: CommandChannel,
): Promise<{ structure: Structure; report: UpgradeReport }> {
  const target = upgradeTargetOf(channel.version);
  const turned = !!args.rotation || (args.mirror ?? 'none') !== 'none';
  // a turned plan keeps the file's edge shapes: the file's own upgrade, the one every view of it shows
  if (args.file !== undefined && args.name === undefined && turned)
    return upgradedFile(filesOf(store), args.file, target);
  const plan = await loadPlan(store, args);
  const upgraded = plan.dataVersion !== undefined && plan.dataVersion !== target.dataVersion;
  if (args.file !== undefined && !upgraded)
    return upgradedFile(filesOf(store), args.file, target, () => Promise.resolve(plan));
  // the game shapes a block at the structure's edge by the world beside it; read that where the plan is
  // placed as it stands
  let around: ((x: number, y: number, z: number) => BlockState | undefined) | undefined;
  if (upgraded && !turned) {
    const { origin } = args;
    const far = { x: origin.x + plan.size.x, y: origin.y + plan.size.y, z: origin.z + plan.size.z };
    const near = { x: origin.x - 1, y: origin.y - 1, z: origin.z - 1 };
    await prepareReads(channel, [{ min: near, max: far }]);
    const source = channelBlockSource(channel);
    if (source)
      around = (x, y, z) => {
        const s = source.readBlock({ x: origin.x + x, y: origin.y + y, z: origin.z + z });
        return s === 'unloaded' ? undefined : s;
      };
  }
  return upgradeStructure(plan, target, around);
}

export const UpgradeSchema = z
  .object({
    writtenIn: z.string().describe('the Minecraft version the file was written in'),
    fromDataVersion: z.number().int().optional(),
    toDataVersion: z.number().int().describe('the server’s DataVersion the states were read at'),
    changes: z
      .array(z.object({ rule: z.string(), blocks: z.number().int() }))
      .describe('what the upgrade changed, blocks per rule (vanilla’s fixer named), in order'),
    notPlaceable: z
      .array(z.object({ state: z.string(), blocks: z.number().int(), reason: z.string() }))
      .describe('states this server cannot hold as written, and why'),
    undecided: z
      .array(z.object({ state: z.string(), blocks: z.number().int(), reason: z.string() }))
      .describe(
        'neighbour-dependent states kept as the file has them because their rule needs a shape the state does not tell',
      ),
  })
  .optional();

/** The report in words: the version, what changed per rule, what the server cannot hold. */
export function upgradeLines(report: UpgradeReport, server: string): string[] {
  const lines: string[] = [];
  if (report.fromDataVersion === undefined && report.changes.length === 0) {
    if (!report.writtenIn.startsWith('this server'))
      lines.push(`The file was written in ${report.writtenIn}.`);
  } else if (report.changes.length === 0) {
    lines.push(`The file was written in ${report.writtenIn}; nothing needed upgrading for ${server}.`);
  } else {
    const total = report.changes.map((c) => `${c.rule}: ${c.blocks}`).join('; ');
    lines.push(`The file was written in ${report.writtenIn} and read as ${server} reads it — ${total}.`);
  }
  for (const n of report.notPlaceable.slice(0, 10))
    lines.push(`  ${n.blocks} block(s) ${n.state}: ${n.reason}`);
  if (report.notPlaceable.length > 10)
    lines.push(`  … ${report.notPlaceable.length - 10} more states (structuredContent.upgrade.notPlaceable)`);
  for (const u of report.undecided.slice(0, 5)) lines.push(`  ${u.blocks} block(s) ${u.state}: ${u.reason}`);
  if (report.undecided.length > 5)
    lines.push(`  … ${report.undecided.length - 5} more kept states (structuredContent.upgrade.undecided)`);
  return lines;
}

/** The box a plan covers at origin (after rotation) and the render_area arguments that show it. */
export function placedBox(
  structure: Structure,
  origin: { x: number; y: number; z: number },
  rotation: number,
): {
  from: { x: number; y: number; z: number };
  to: { x: number; y: number; z: number };
  size: { x: number; y: number; z: number };
  blocks: number;
} {
  const quarter = rotation % 180 !== 0;
  const { x: sx, y: sy, z: sz } = structure.size;
  const size = { x: quarter ? sz : sx, y: sy, z: quarter ? sx : sz };
  const air = new Set(
    structure.palette.flatMap((k, i) =>
      /^minecraft:(air|cave_air|void_air|structure_void)$/.test(k) ? [i] : [],
    ),
  );
  const blocks = structure.blocks.reduce((n, b) => (air.has(b) ? n : n + 1), 0);
  return {
    from: origin,
    to: { x: origin.x + size.x - 1, y: origin.y + size.y - 1, z: origin.z + size.z - 1 },
    size,
    blocks,
  };
}

export const PlacedBoxSchema = z
  .object({
    from: z.object({ x: z.number().int(), y: z.number().int(), z: z.number().int() }),
    to: z.object({ x: z.number().int(), y: z.number().int(), z: z.number().int() }),
    size: z.object({ x: z.number().int(), y: z.number().int(), z: z.number().int() }),
    blocks: z.number().int().describe('blocks that are not air or structure void'),
  })
  .describe('the box the plan covers in the world; render_area {from, to} shows it');

export function boxLine(box: z.infer<typeof PlacedBoxSchema>): string {
  const p = (q: { x: number; y: number; z: number }) => `${q.x} ${q.y} ${q.z}`;
  return `Box ${p(box.from)} to ${p(box.to)} (${box.size.x}×${box.size.y}×${box.size.z}, ${box.blocks} blocks that are not air); see it with render_area {"from":${JSON.stringify(box.from)},"to":${JSON.stringify(box.to)}}`;
}

/** True for a state whose block the version's registry lacks (other namespaces included). */
export function unknownTo(version: string): (key: string) => boolean {
  const known = new Set(registries(version).blocks);
  return (key) => {
    const name = key.replace(/[[{].*$/, '');
    return !name.startsWith('minecraft:') || !known.has(name.slice('minecraft:'.length));
  };
}

export function findUnknown(
  structure: Structure,
  origin: { x: number; y: number; z: number },
  transform: Transform,
  unknown: (key: string) => boolean,
): UnknownBlocks | undefined {
  if (!structure.palette.some(unknown)) return undefined;
  // walked one block at a time, the known ones skipped: only the listed few are kept
  let count = 0;
  const states = new Set<string>();
  const blocks: Array<{ x: number; y: number; z: number; state: string }> = [];
  for (const { x, y, z, key } of eachPlacedBlock(structure, origin, transform, (k) => !unknown(k))) {
    count++;
    if (states.size < 20) states.add(key);
    if (blocks.length < UNKNOWN_LISTED) blocks.push({ x, y, z, state: key });
  }
  if (count === 0) return undefined;
  return { count, states: [...states], blocks };
}

export const LeftOutSchema = z
  .object({ entities: z.number().int(), biomes: z.boolean() })
  .optional()
  .describe('what the file holds besides blocks, not placed or compared');

/** What a file held that was not placed or compared; undefined when it held only blocks. */
export function leftOutLine(structure: Structure, what: string): string | undefined {
  const left = structure.leftOut;
  if (!left) return undefined;
  const parts = [
    ...(left.entities > 0 ? [`${left.entities} entit${left.entities === 1 ? 'y' : 'ies'}`] : []),
    ...(left.biomes ? ['biomes'] : []),
  ];
  return `The file also holds ${parts.join(' and ')}, which ${what} (mcbridge handles blocks and block entities only): summon entities or set biomes with commands if they matter.`;
}

export function unknownLine(u: UnknownBlocks, what: string): string {
  const where = u.blocks.map((b) => `${b.x} ${b.y} ${b.z} ${b.state}`).join('; ');
  return `${u.count} block(s) the server does not know ${what} (${where}${u.count > u.blocks.length ? '; …' : ''}): replace them with blocks of this version, or use a server that has them`;
}

/** The world's data version for `version` (minecraft-data), for files we write; undefined when unknown. */
export function dataVersionOf(version: string): number | undefined {
  const { versions } = require('minecraft-data') as {
    versions: { pc: Array<{ minecraftVersion: string; dataVersion?: number }> };
  };
  return versions.pc.find((v) => v.minecraftVersion === version)?.dataVersion;
}
