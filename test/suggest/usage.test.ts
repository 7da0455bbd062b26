/** Usage text from a command tree as the server sends it (declare_commands) and as vanilla's help prints it. */
import { expect, test } from 'vitest';
import { registries } from '../../src/suggest/registries.js';
import { fromPacket, usageLines } from '../../src/suggest/tree.js';
import { usagePacket as packet } from './usage-packet.js';

test('the server’s tree gives the usage vanilla’s /help prints', () => {
  const root = fromPacket(packet)!;
  expect(usageLines(root, 'setblock')).toEqual(['setblock <pos> <block> [keep]']);
  expect(usageLines(root, 'tp')).toEqual(['tp <location>']);
  expect(usageLines(root, 'fill')).toEqual([]);
});

test('vanilla’s tree for the version (minecraft-data) when the server sent none', () => {
  const tree = registries('1.21.4').commands!;
  expect(usageLines(tree, 'setblock')).toEqual(['setblock <pos> <block> [destroy|keep|replace]']);
  expect(usageLines(tree, 'summon')).toEqual(['summon <entity> [<pos>]']);
  expect(usageLines(tree, 'give')).toEqual(['give <targets> <item> [<count>]']);
});
