/** A declare_commands packet as minecraft-protocol decodes it, for the usage tests. */
import type { DeclareCommandsPacket } from '../../src/suggest/tree.js';

// a declare_commands packet as minecraft-protocol decodes it: root → setblock <pos> <block> [keep],
// and tp redirecting nowhere but carrying its own arguments
const node = (type: number, children: number[], name?: string, executable = false) => ({
  flags: { command_node_type: type, has_command: executable ? 1 : 0, has_redirect_node: 0 },
  children,
  ...(name === undefined ? {} : { extraNodeData: { name } }),
});
export const usagePacket: DeclareCommandsPacket = {
  rootIndex: 0,
  nodes: [
    node(0, [1, 5]),
    node(1, [2], 'setblock'),
    node(2, [3], 'pos'),
    node(2, [4], 'block', true),
    node(1, [], 'keep', true),
    node(1, [6], 'tp'),
    node(2, [], 'location', true),
  ],
};
