/**
 * `item replace block <pos> <slot> (with <item> [count] | from block|entity <source> <sourceSlot>)` and
 * `item replace entity <targets> <slot> (with … | from …)` as vanilla 1.21.4's
 * net/minecraft/server/commands/ItemCommands.java: commands.item.block.set.success [x, y, z, item],
 * commands.item.entity.set.success.single [entity, item] / .multiple [count, item]; thrown
 * commands.item.target.not_a_container [x, y, z], .target.no_such_slot [slot],
 * .target.no_changed.known_item [item, slot], .source.not_a_container, .source.no_such_slot;
 * arguments.item.overstacked [item, max] for a count above the stack size (ItemInput.createItemStack).
 * Players' slots are their inventory (item-slots.ts), summoned living entities' their equipment
 * (item-equipment.ts). `item modify` needs item modifiers from data packs, which this world has none of: not implemented.
 */
import type { ComponentObject } from '../../../vocabulary/text/message.js';
import { readBoundedInt } from '../command-arguments.js';
import { type Args, type TreeNode, argument, dispatchTree, literal } from '../command-tree.js';
import type { CommandContext } from '../context.js';
import { type Coordinates, readBlockCoordinates, resolveBlockPos } from '../coordinates.js';
import { type ItemType, inventoryStack, itemDisplayName, readItem, setWindowSlot } from '../items.js';
import { CommandSyntaxError, StringReader } from '../reader.js';
import {
  type EntitySelector,
  commandSource,
  displayName,
  readEntityArgument,
  selectEntities,
} from '../selectors.js';
import type { CompoundTag, Tag } from '../snbt.js';
import { equip, equipped } from './item-equipment.js';
import { playerWindowSlot, readSlot } from './item-slots.js';
import { requireLoaded } from './setblock.js';

interface Stack {
  item: ItemType | null;
  count: number;
}

const version = (ctx: CommandContext) => ctx.level.version;

/** ItemStack.getDisplayName: `[Name]` with the stack's count in the hover */
function stackName(ctx: CommandContext, stack: Stack): ComponentObject {
  // the empty stack: `[Air]` without colour or hover
  if (!stack.item)
    return {
      translate: 'chat.square_brackets',
      with: [{ text: '', extra: [{ translate: 'block.minecraft.air' }] }],
    };
  const name = itemDisplayName(stack.item, version(ctx));
  if (stack.count === 1) return name;
  const hover = name.hoverEvent as { action: string; contents: Record<string, unknown> };
  return { ...name, hoverEvent: { ...hover, contents: { ...hover.contents, count: stack.count } } };
}

/** ItemCommands.getContainer: the block entity at pos, if it is a Container */
function container(ctx: CommandContext, args: Args, name: string, error: string) {
  const pos = resolveBlockPos(args[name] as Coordinates, commandSource(ctx));
  requireLoaded(ctx, pos);
  const entity = ctx.world.blockEntities.get(pos);
  if (!entity || entity.type.size === 0) throw new CommandSyntaxError(error, [pos.x, pos.y, pos.z]);
  return { pos, entity };
}

function setBlockItem(ctx: CommandContext, args: Args, stack: Stack): void {
  const { pos, entity } = container(ctx, args, 'pos', 'commands.item.target.not_a_container');
  const slot = args['slot'] as number;
  if (slot < 0 || slot >= entity.type.size)
    throw new CommandSyntaxError('commands.item.target.no_such_slot', [slot]);
  const others = storedItems(entity.data.value['Items']).filter((s) => s['Slot']?.value !== slot);
  const entry = stack.item
    ? [
        {
          Slot: { type: 'byte', value: slot },
          id: { type: 'string', value: `minecraft:${stack.item.name}` },
          count: { type: 'int', value: stack.count },
        },
      ]
    : [];
  const value = {
    ...entity.data.value,
    Items: { type: 'list', value: { type: 'compound', value: [...others, ...entry] } },
  };
  ctx.world.blockEntities.load(pos, { type: 'compound', value } as CompoundTag);
  ctx.success({
    translate: 'commands.item.block.set.success',
    with: [pos.x, pos.y, pos.z, stackName(ctx, stack)],
  });
}

function setEntityItem(ctx: CommandContext, args: Args, stack: Stack): void {
  const slot = args['slot'] as number;
  const accepted = selectEntities(ctx, args['targets'] as EntitySelector).filter((t) => {
    if (!t.player) return equip(ctx, t, slot, stack);
    const window = playerWindowSlot(t.player, slot, stack.item?.name ?? '');
    if (window === undefined) return false;
    if (window >= 0) setWindowSlot(t.player, window, stack.item, stack.count, version(ctx));
    return true;
  });
  const name = stackName(ctx, stack);
  if (accepted.length === 0)
    throw new CommandSyntaxError('commands.item.target.no_changed.known_item', [name, slot]);
  ctx.success(
    accepted.length === 1
      ? { translate: 'commands.item.entity.set.success.single', with: [displayName(accepted[0]!), name] }
      : { translate: 'commands.item.entity.set.success.multiple', with: [accepted.length, name] },
  );
}

/** ItemInput.createItemStack(count, true) */
function withItem(args: Args): Stack {
  const item = args['item'] as ItemType;
  const count = (args['count'] as number | undefined) ?? 1;
  if (count > item.stackSize)
    throw new CommandSyntaxError('arguments.item.overstacked', [`minecraft:${item.name}`, item.stackSize]);
  return { item, count };
}

/** an item of the registry by name (a stored stack's id); null for ids this version does not have */
function itemByName(ctx: CommandContext, name: string): ItemType | null {
  try {
    return readItem(new StringReader(name), version(ctx));
  } catch {
    return null;
  }
}

type StoredStack = Record<string, { value: unknown }>;
const storedItems = (tag: Tag | undefined): StoredStack[] =>
  tag?.type === 'list' ? (tag.value.value as StoredStack[]) : [];

/** getBlockItem / getEntityItem: a copy of the source slot's stack */
function sourceItem(ctx: CommandContext, args: Args): Stack {
  const slot = args['sourceSlot'] as number;
  if (args['source'] === undefined) {
    const { entity } = container(ctx, args, 'sourcePos', 'commands.item.source.not_a_container');
    if (slot < 0 || slot >= entity.type.size)
      throw new CommandSyntaxError('commands.item.source.no_such_slot', [slot]);
    const found = storedItems(entity.data.value['Items']).find((s) => s['Slot']?.value === slot);
    if (!found) return { item: null, count: 0 };
    return { item: itemByName(ctx, String(found['id']?.value)), count: Number(found['count']?.value ?? 1) };
  }
  const source = selectEntities(ctx, args['source'] as EntitySelector)[0]!;
  if (!source.player) {
    const stack = equipped(ctx, source, slot);
    if (!stack) throw new CommandSyntaxError('commands.item.source.no_such_slot', [slot]);
    return stack;
  }
  const window = playerWindowSlot(source.player, slot);
  if (window === undefined) throw new CommandSyntaxError('commands.item.source.no_such_slot', [slot]);
  const stack = window < 0 ? null : inventoryStack(source.player, window);
  return stack ? { item: itemByName(ctx, stack.name), count: stack.count } : { item: null, count: 0 };
}

const blockPos = (name: string, children: TreeNode[], run?: TreeNode['run']) =>
  argument(name, (r): Coordinates => readBlockCoordinates(r), children, run);
const entities = (name: string, single: boolean, children: TreeNode[]) =>
  argument(
    name,
    (r: StringReader, ctx) => readEntityArgument(r, { single, playersOnly: false }, ctx),
    children,
  );

/** `with <item> [count]` and `from block|entity <source> <sourceSlot>` after a target slot */
function replaceBranches(set: (ctx: CommandContext, args: Args, stack: Stack) => void): TreeNode[] {
  const run = (stack: (args: Args) => Stack) => async (ctx: CommandContext, args: Args) =>
    set(ctx, args, stack(args));
  const fromSource = async (ctx: CommandContext, args: Args) => set(ctx, args, sourceItem(ctx, args));
  const item = (r: StringReader, ctx: CommandContext) => readItem(r, version(ctx));
  const count = (r: StringReader) => readBoundedInt(r, 1, 99);
  return [
    literal('with', [argument('item', item, [argument('count', count, [], run(withItem))], run(withItem))]),
    literal('from', [
      literal('block', [blockPos('sourcePos', [argument('sourceSlot', readSlot, [], fromSource)])]),
      literal('entity', [entities('source', true, [argument('sourceSlot', readSlot, [], fromSource)])]),
    ]),
  ];
}

const TREE = [
  literal('replace', [
    literal('block', [blockPos('pos', [argument('slot', readSlot, replaceBranches(setBlockItem))])]),
    literal('entity', [
      entities('targets', false, [argument('slot', readSlot, replaceBranches(setEntityItem))]),
    ]),
  ]),
];

export const item = (ctx: CommandContext): Promise<void> => dispatchTree(ctx, TREE);
