/**
 * `data modify <target> <targetPath> (set|merge|append|prepend|insert <index>) (value <nbt> | from <source>
 * [sourcePath] | string <source> [sourcePath [start [end]]])` as vanilla 1.21.4's
 * net/minecraft/server/commands/data/DataCommands.java (decorateModification, manipulateData,
 * stringifyTagList, substring): the source tags are read first, the change counted, no change is the
 * thrown commands.data.merge.failed; commands.data.modify.expected_object, .expected_value,
 * .invalid_substring; the path errors of nbt-path.ts.
 */
import { readBrigadierInt } from '../brigadier.js';
import { type Args, type TreeNode, argument, literal } from '../command-tree.js';
import type { CommandContext } from '../context.js';
import { type NbtPath, pathGet, pathGetOrCreate, pathInsert, pathSet, readNbtPath } from '../nbt-path.js';
import { checkDepth, copyTag, isNumeric, mergeInto, snbtString, tagEquals } from '../nbt-path-tags.js';
import { CommandSyntaxError } from '../reader.js';
import { type CompoundTag, type Tag, readValue } from '../snbt.js';
import { type DataProvider, SOURCES, TARGETS } from './data-accessors.js';

type Manipulator = (data: CompoundTag, path: NbtPath, sources: Tag[], args: Args) => number;
type SourceList = (ctx: CommandContext, args: Args) => Tag[];

const OPERATIONS: Array<[string, Manipulator]> = [
  ['insert', (data, path, sources, args) => pathInsert(path, args['index'] as number, data, sources)],
  ['prepend', (data, path, sources) => pathInsert(path, 0, data, sources)],
  ['append', (data, path, sources) => pathInsert(path, -1, data, sources)],
  ['set', (data, path, sources) => pathSet(path, data, sources.at(-1)!)],
  ['merge', mergeOperation],
];

/** the `merge` manipulator: every source must be a compound; every compound the path reaches takes them */
function mergeOperation(data: CompoundTag, path: NbtPath, sources: Tag[]): number {
  const patch: CompoundTag = { type: 'compound', value: {} };
  for (const source of sources) {
    checkDepth(source, 0);
    if (source.type !== 'compound')
      throw new CommandSyntaxError('commands.data.modify.expected_object', [snbtString(source)]);
    mergeInto(patch, source);
  }
  let changed = 0;
  for (const tag of pathGetOrCreate(path, data, () => ({ type: 'compound', value: {} }))) {
    if (tag.type !== 'compound')
      throw new CommandSyntaxError('commands.data.modify.expected_object', [snbtString(tag)]);
    const before = copyTag(tag);
    mergeInto(tag, patch);
    if (!tagEquals(before, tag)) changed++;
  }
  return changed;
}

/** getAsText: only strings and numbers have a text (Java's toString for numbers) */
function asText(tag: Tag): string {
  if (tag.type === 'string') return tag.value;
  if (!isNumeric(tag)) throw new CommandSyntaxError('commands.data.modify.expected_value', [snbtString(tag)]);
  const n = tag.value;
  return (tag.type === 'float' || tag.type === 'double') && Number.isInteger(n)
    ? Number(n).toFixed(1)
    : String(n);
}

const offset = (i: number, length: number) => (i >= 0 ? i : length + i);

function substring(text: string, start: number, end?: number): string {
  const from = offset(start, text.length);
  const to = end === undefined ? text.length : offset(end, text.length);
  if (from < 0 || to > text.length || from > to)
    throw new CommandSyntaxError('commands.data.modify.invalid_substring', [from, to]);
  return text.slice(from, to);
}

const singleton =
  (p: DataProvider): SourceList =>
  (ctx, args) => [p.access(ctx, args).getData()];
const atPath =
  (p: DataProvider): SourceList =>
  (ctx, args) =>
    pathGet(args['sourcePath'] as NbtPath, p.access(ctx, args).getData());
const strings =
  (list: SourceList, cut?: (s: string, args: Args) => string): SourceList =>
  (ctx, args) =>
    list(ctx, args).map((t) => ({ type: 'string', value: cut ? cut(asText(t), args) : asText(t) }));

/** manipulateData: sources first, then the target, the change, setData and the feedback */
function runner(target: DataProvider, manipulate: Manipulator, sources: SourceList) {
  return async (ctx: CommandContext, args: Args): Promise<void> => {
    const tags = sources(ctx, args);
    const accessor = target.access(ctx, args);
    const data = accessor.getData();
    const changed = manipulate(data, args['targetPath'] as NbtPath, tags, args);
    if (changed === 0) throw new CommandSyntaxError('commands.data.merge.failed');
    accessor.setData(data);
    ctx.success(accessor.modified());
  };
}

function sourceBranches(target: DataProvider, op: Manipulator): TreeNode[] {
  const run = (list: SourceList) => runner(target, op, list);
  const int = (name: string, children: TreeNode[], list: SourceList) =>
    argument(name, (r) => readBrigadierInt(r), children, run(list));
  const branches: TreeNode[] = [];
  // Brigadier merges the `from` and `string` literals of the three sources into one node each
  const from: TreeNode[] = [];
  const string: TreeNode[] = [];
  for (const source of SOURCES) {
    from.push(source.wrap([argument('sourcePath', readNbtPath, [], run(atPath(source)))]));
    const wrapped = source.wrap([
      argument(
        'sourcePath',
        readNbtPath,
        [
          int(
            'start',
            [
              int(
                'end',
                [],
                strings(atPath(source), (s, a) => substring(s, a['start'] as number, a['end'] as number)),
              ),
            ],
            strings(atPath(source), (s, a) => substring(s, a['start'] as number)),
          ),
        ],
        run(strings(atPath(source))),
      ),
    ]);
    string.push(wrapped);
    // `from <source>` and `string <source>` without a path run on the whole data
    const last = (list: TreeNode[]) => list.at(-1)!;
    attachRun(last(from), run(singleton(source)));
    attachRun(last(string), run(strings(singleton(source))));
  }
  branches.push(literal('from', from), literal('string', string));
  branches.push(
    literal('value', [
      argument(
        'value',
        readValue,
        [],
        run((_c, a) => [a['value'] as Tag]),
      ),
    ]),
  );
  return branches;
}

/** sets the command of the argument node inside a provider's literal (`entity <source>` runs on its own) */
function attachRun(wrapped: TreeNode, run: TreeNode['run']): void {
  const arg = wrapped.children?.[0];
  if (arg && run) arg.run = run;
}

/** the `modify` literal of DataCommands.decorateModification */
export function modifyTree(): TreeNode {
  return literal(
    'modify',
    TARGETS.map((target) =>
      target.wrap([
        argument(
          'targetPath',
          readNbtPath,
          OPERATIONS.map(([name, op]) =>
            name === 'insert'
              ? literal('insert', [argument('index', (r) => readBrigadierInt(r), sourceBranches(target, op))])
              : literal(name, sourceBranches(target, op)),
          ),
        ),
      ]),
    ),
  );
}
