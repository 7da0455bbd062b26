/**
 * Resource template `mcbridge://structures/{name}`: a saved structure as its JSON and as a rendered PNG
 * (isometric, the structure alone, its minimum corner at 0 0 0). Listed, completed by name, and the list
 * changes when a structure is saved.
 */
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Structure } from '../../structures/store.js';
import type { StructureStore } from '../../structures/store.js';
import { MapBlockSource } from '../../vocabulary/blocks/block-state.js';
import { renderArea } from '../../world-view/render.js';
import { completeFrom } from '../completions.js';

export const structureUri = (name: string) => `mcbridge://structures/${encodeURIComponent(name)}`;

/** The structure placed at 0 0 0, for the renderer. */
export function renderStructure(structure: Structure): Buffer {
  const { x: sx, y: sy, z: sz } = structure.size;
  const source = new MapBlockSource();
  structure.blocks.forEach((index, i) => {
    const key = structure.palette[index];
    if (!key || key === 'minecraft:air') return;
    source.set({ x: i % sx, z: Math.floor(i / sx) % sz, y: Math.floor(i / (sx * sz)) }, key);
  });
  return renderArea(source, { x: 0, y: 0, z: 0 }, { x: sx - 1, y: sy - 1, z: sz - 1 }, { view: 'isometric' });
}

export function registerStructureResources(server: McpServer, structures: StructureStore): () => void {
  server.registerResource(
    'structure',
    new ResourceTemplate('mcbridge://structures/{name}', {
      list: async () => ({
        resources: (await structures.list()).map((s) => ({
          uri: structureUri(s.name),
          name: s.name,
          title: `Structure ${s.name}`,
          description: `${s.size.x}×${s.size.y}×${s.size.z}, ${s.blocks} blocks, saved ${s.savedAt}`,
          mimeType: 'application/json',
        })),
      }),
      complete: {
        name: async (value) =>
          completeFrom(
            (await structures.list()).map((s) => s.name),
            value,
          ),
      },
    }),
    {
      title: 'Saved structure',
      description:
        'A structure saved with save_structure: its blocks as JSON (palette + indices, x fastest, then z, then y) and a rendered PNG. Build it with place_structure.',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const name = decodeURIComponent(String(variables['name']));
      const structure = await structures.load(name);
      return {
        contents: [
          { uri: uri.href, mimeType: 'application/json', text: JSON.stringify(structure) },
          {
            uri: `${uri.href}#png`,
            mimeType: 'image/png',
            blob: renderStructure(structure).toString('base64'),
          },
        ],
      };
    },
  );
  const changed = () => server.sendResourceListChanged();
  structures.changes.on('list', changed);
  return () => structures.changes.off('list', changed);
}
