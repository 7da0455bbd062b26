/**
 * Resource templates `mcbridge://structures/{name}`: a saved structure as its JSON and as a rendered PNG
 * (isometric, the structure alone, its minimum corner at 0 0 0); and `mcbridge://structure-files/{file}`:
 * a structure file (.schem, .schematic, .nbt, .litematic) as a summary and the same PNG, both of the states
 * the server will place (the file upgraded for the connected server's version). Listed,
 * completed, and the lists change when a structure is saved.
 */
import { readOrNotFound } from './not-found.js';
import { ResourceTemplate } from '@modelcontextprotocol/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { STRUCTURE_MAX_BLOCKS, STRUCTURE_VOID, type Structure } from '../../structures/store.js';
import type { StructureStore } from '../../structures/store.js';
import { StructureFiles } from '../../structures/files.js';
import { FORMAT_NAMES, extensionOf } from '../../structures/formats/index.js';
import { MapBlockSource } from '../../vocabulary/blocks/block-state.js';
import { renderAreaDetailed } from '../../world-view/render.js';
import type { Targets } from '../../connection/targets.js';
import { type UpgradedFile, upgradedFile, viewVersion } from '../tools/structure-file-reads.js';
import { upgradeTargetOf } from '../tools/structure-plan.js';
import { completeFrom } from '../completions.js';

export const structureUri = (name: string) => `mcbridge://structures/${encodeURIComponent(name)}`;
export const structureFileUri = (file: string) => `mcbridge://structure-files/${encodeURIComponent(file)}`;

/** palette entries a structure file's summary lists */
const SUMMARY_PALETTE = 100;

/**
 * What a structure file holds as the server will place it, in a bounded summary (the blocks themselves stay
 * in the file): the palette is the upgraded one (the file's old names only in `upgrade`'s rules), and
 * `legend` names what the picture shows.
 */
export function structureFileSummary(
  file: string,
  { structure, report }: UpgradedFile,
  view: { version: string; note?: string },
  legend?: string[],
) {
  const voidIndex = structure.palette.indexOf(STRUCTURE_VOID);
  const air = structure.palette.indexOf('minecraft:air');
  const ext = extensionOf(file);
  return {
    file,
    format: ext ? FORMAT_NAMES[ext] : 'unknown',
    size: structure.size,
    blocks: structure.blocks.filter((b) => b !== air && b !== voidIndex).length,
    blockEntities: structure.blockEntities?.length ?? 0,
    readAs: view.version,
    ...(view.note ? { note: view.note } : {}),
    upgrade: report,
    palette: structure.palette.slice(0, SUMMARY_PALETTE),
    ...(structure.palette.length > SUMMARY_PALETTE ? { paletteSize: structure.palette.length } : {}),
    ...(legend ? { legend } : {}),
  };
}

/** The structure placed at 0 0 0, drawn, with the block types its legend names. */
export function renderStructure(structure: Structure): { png: Buffer; legend: string[] } {
  const { x: sx, y: sy, z: sz } = structure.size;
  const source = new MapBlockSource();
  structure.blocks.forEach((index, i) => {
    const key = structure.palette[index];
    if (!key || key === 'minecraft:air' || key === STRUCTURE_VOID) return;
    source.set({ x: i % sx, z: Math.floor(i / sx) % sz, y: Math.floor(i / (sx * sz)) }, key);
  });
  const { png, legend } = renderAreaDetailed(
    source,
    { x: 0, y: 0, z: 0 },
    { x: sx - 1, y: sy - 1, z: sz - 1 },
    { view: 'isometric' },
  );
  return { png, legend };
}

export function registerStructureResources(
  server: McpServer,
  structures: StructureStore,
  targets: Targets,
): () => void {
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
      const structure = await readOrNotFound(uri.href, () => structures.load(name));
      return {
        contents: [
          { uri: uri.href, mimeType: 'application/json', text: JSON.stringify(structure) },
          {
            uri: `${uri.href}#png`,
            mimeType: 'image/png',
            blob: renderStructure(structure).png.toString('base64'),
          },
        ],
      };
    },
  );
  const files = new StructureFiles(structures.dir, structures.allowedDirs);
  server.registerResource(
    'structure-file',
    new ResourceTemplate('mcbridge://structure-files/{file}', {
      list: async () => ({
        resources: (await files.list()).map((f) => ({
          uri: structureFileUri(f.file),
          name: f.file,
          title: `Structure file ${f.file}`,
          description: `${f.bytes} bytes; place it with place_structure { file: "${f.file}" }`,
          mimeType: 'application/json',
        })),
      }),
      complete: {
        file: async (value) =>
          completeFrom(
            (await files.list()).map((f) => f.file),
            value,
          ),
      },
    }),
    {
      title: 'Structure file',
      description:
        'A .schem, .schematic, .nbt or .litematic file: format, size, block count, palette, and a rendered PNG. Build it with place_structure, check a build with compare_structure.',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const file = decodeURIComponent(String(variables['file']));
      const view = viewVersion(targets.get());
      // what place_structure will place: the file as the server reads it, as every view of it shows
      const upgraded = await readOrNotFound(uri.href, () =>
        upgradedFile(files, file, upgradeTargetOf(view.version)),
      );
      const { x, y, z } = upgraded.structure.size;
      // rendering is bounded like saving: larger files are summarized only
      const picture = x * y * z <= STRUCTURE_MAX_BLOCKS ? renderStructure(upgraded.structure) : undefined;
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: 'application/json',
            text: JSON.stringify(structureFileSummary(file, upgraded, view, picture?.legend)),
          },
          ...(picture
            ? [{ uri: `${uri.href}#png`, mimeType: 'image/png', blob: picture.png.toString('base64') }]
            : []),
        ],
      };
    },
  );
  const changed = () => server.sendResourceListChanged();
  structures.changes.on('list', changed);
  return () => structures.changes.off('list', changed);
}
