/**
 * A Brigadier command tree — the one the server sent (`declare_commands` at login) or vanilla's for the
 * version (minecraft-data) — and the usage text vanilla's `/help <command>` prints from it.
 * Usage follows Brigadier's CommandDispatcher.getSmartUsage (the library vanilla's HelpCommand,
 * /work/vanilla/1.21.4/net/minecraft/server/commands/HelpCommand.java, calls): `[x]` optional after an
 * executable node, `(a|b)` a required choice, `<name>` an argument, `-> x` a redirect.
 */

export interface CommandNode {
  kind: 'root' | 'literal' | 'argument';
  name: string;
  executable: boolean;
  children: CommandNode[];
  /** name of the node this one redirects to ('' for the root, as `execute … run`) */
  redirect?: string;
}

/** minecraft-data's `commands.json` shape */
export interface MinecraftDataNode {
  type: string;
  name: string;
  executable: boolean;
  redirects: string[];
  children: MinecraftDataNode[];
}

export function fromMinecraftData(node: MinecraftDataNode): CommandNode {
  const kind = node.type === 'root' ? 'root' : node.type === 'literal' ? 'literal' : 'argument';
  return {
    kind,
    name: node.name,
    executable: node.executable,
    children: node.children.map(fromMinecraftData),
    ...(node.redirects.length ? { redirect: node.redirects.join(' ') } : {}),
  };
}

/** `declare_commands` as minecraft-protocol decodes it */
export interface DeclareCommandsPacket {
  rootIndex: number;
  nodes: Array<{
    flags: { command_node_type: number; has_command: number; has_redirect_node: number };
    children: number[];
    redirectNode?: number;
    extraNodeData?: { name?: string } | null;
  }>;
}

export function fromPacket(packet: DeclareCommandsPacket): CommandNode | undefined {
  const made = new Map<number, CommandNode>();
  const build = (index: number): CommandNode | undefined => {
    const known = made.get(index);
    if (known) return known;
    const raw = packet.nodes[index];
    if (!raw) return undefined;
    const type = raw.flags.command_node_type;
    const node: CommandNode = {
      kind: type === 0 ? 'root' : type === 1 ? 'literal' : 'argument',
      name: raw.extraNodeData?.name ?? '',
      executable: raw.flags.has_command === 1,
      children: [],
    };
    made.set(index, node);
    if (raw.flags.has_redirect_node === 1 && raw.redirectNode !== undefined) {
      const target = packet.nodes[raw.redirectNode];
      node.redirect = target?.extraNodeData?.name ?? '';
    }
    for (const child of raw.children) {
      const c = build(child);
      if (c) node.children.push(c);
    }
    return node;
  };
  const root = build(packet.rootIndex);
  return root?.kind === 'root' ? root : undefined;
}

const usageText = (n: CommandNode) => (n.kind === 'argument' ? `<${n.name}>` : n.name);

function smartUsage(node: CommandNode, optional: boolean, deep: boolean): string {
  const self = optional ? `[${usageText(node)}]` : usageText(node);
  if (deep) return self;
  if (node.redirect !== undefined) return `${self} -> ${node.redirect === '' ? '...' : node.redirect}`;
  const childOptional = node.executable;
  const children = node.children;
  if (children.length === 1) return `${self} ${smartUsage(children[0]!, childOptional, childOptional)}`;
  if (children.length > 1) {
    const distinct = new Set(children.map((c) => smartUsage(c, childOptional, true)));
    if (distinct.size === 1) {
      const only = [...distinct][0]!;
      return `${self} ${childOptional ? `[${only}]` : only}`;
    }
    const [open, close] = childOptional ? ['[', ']'] : ['(', ')'];
    return `${self} ${open}${children.map(usageText).join('|')}${close}`;
  }
  return self;
}

/** The command's node under the root, following an alias's redirect (`tp` → `teleport`). */
export function commandNode(root: CommandNode, name: string): CommandNode | undefined {
  const node = root.children.find((c) => c.kind === 'literal' && c.name === name);
  if (node?.redirect && node.children.length === 0) {
    return root.children.find((c) => c.name === node.redirect) ?? node;
  }
  return node;
}

/** One line per form of the command, as `/help <command>` lists them: `setblock <pos> <block> [destroy|keep|replace]`. */
export function usageLines(root: CommandNode, name: string): string[] {
  const node = commandNode(root, name);
  if (!node) return [];
  if (node.children.length === 0) return [name];
  return node.children.map((c) => `${name} ${smartUsage(c, node.executable, false)}`);
}

export const commandNames = (root: CommandNode): string[] =>
  root.children.filter((c) => c.kind === 'literal').map((c) => c.name);
