/**
 * Saved structures: one JSON file per name in the data dir, written atomically. Names are plain words
 * (letters, digits, `_`, `-`), so a name can never reach outside the directory.
 */
import { EventEmitter } from 'node:events';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { echo, McbridgeError } from '../vocabulary/errors.js';

export const STRUCTURE_MAX_BLOCKS = 32_768;
/** a saved structure's file: what save_structure writes stays far below this; a larger file is not read */
export const SAVED_STRUCTURE_MAX_BYTES = 16 * 1024 * 1024;
/** a palette entry that leaves the world as it is there (vanilla's structure void; absent blocks of a .nbt) */
export const STRUCTURE_VOID = 'minecraft:structure_void';
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** JSON that does not parse reads as nothing, so that the schema names the file damaged */
const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export const StructureSchema = z.object({
  format: z.literal('mcbridge-structure'),
  version: z.literal(1),
  name: z.string().regex(NAME),
  savedAt: z.string(),
  size: z.object({
    x: z.number().int().positive(),
    y: z.number().int().positive(),
    z: z.number().int().positive(),
  }),
  /** block state keys, e.g. `minecraft:oak_door[facing=north,half=lower,…]` */
  palette: z.array(z.string()),
  /** palette index per position: x fastest, then z, then y */
  blocks: z.array(z.number().int().nonnegative()),
  /**
   * Block entity data (sign text, container contents) by local position, as prismarine-nbt's typed
   * compound without `id`, `x`, `y`, `z`; present when the structure came from a file that carries it.
   */
  blockEntities: z
    .array(
      z.object({
        pos: z.tuple([z.number().int(), z.number().int(), z.number().int()]),
        id: z.string().optional(),
        nbt: z.object({ type: z.literal('compound'), value: z.record(z.string(), z.unknown()) }),
      }),
    )
    .optional(),
  /**
   * What the file held besides blocks, which mcbridge neither places nor compares (entities, biomes):
   * present only for a structure read from a file that has them, so that answers can say so.
   */
  leftOut: z.object({ entities: z.number().int().nonnegative(), biomes: z.boolean() }).optional(),
  /**
   * The DataVersion the palette's states are written at (a file's `DataVersion`; 1451 for a pre-1.13 file
   * after the flattening); absent for structures saved by mcbridge, which hold the server's own states.
   */
  dataVersion: z.number().int().optional(),
  /** the Minecraft version the file was written in, as its answer names it */
  writtenIn: z.string().optional(),
  /** what reading the file already converted (the flattening and its fill-ins), blocks per rule */
  conversions: z.array(z.object({ rule: z.string(), blocks: z.number().int() })).optional(),
});
export type Structure = z.infer<typeof StructureSchema>;

/** what a listing says of one saved structure */
export interface StructureEntry {
  name: string;
  size: Structure['size'];
  /** blocks that are not air */
  blocks: number;
  savedAt: string;
}

export class StructureError extends McbridgeError {
  override name = 'StructureError' as const;
}

export function defaultStructuresDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env['MCBRIDGE_STRUCTURES_DIR']) return env['MCBRIDGE_STRUCTURES_DIR'];
  const state = env['XDG_STATE_HOME'] || join(homedir(), '.local', 'state');
  return join(state, 'mcbridge', 'structures');
}

export function checkName(name: string): string {
  if (!NAME.test(name)) {
    throw new StructureError(`"${echo(name)}" is not a valid structure name`, {
      remedy: 'use 1–64 letters, digits, _ or - (no paths)',
    });
  }
  return name;
}

export class StructureStore {
  /** `list` whenever a structure is saved (new or replaced) */
  readonly changes = new EventEmitter<{ list: [] }>();

  /**
   * @param dir where saved structures (JSON) live, and the data directory structure files are read from
   *   and written to by default
   * @param allowedDirs more directories the operator allows structure files in (config `structureDirs`)
   */
  constructor(
    readonly dir: string = defaultStructuresDir(),
    readonly allowedDirs: readonly string[] = [],
  ) {}

  private file(name: string): string {
    return join(this.dir, `${checkName(name)}.json`);
  }

  async save(structure: Structure): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const path = this.file(structure.name);
    await writeFileAtomic(path, `${JSON.stringify(structure)}\n`);
    this.changes.emit('list');
    return path;
  }

  async load(name: string): Promise<Structure> {
    const path = this.file(name);
    let text: string;
    try {
      const { size } = await stat(path);
      if (size > SAVED_STRUCTURE_MAX_BYTES)
        throw new StructureError(
          `structure file for "${echo(name)}" is ${(size / 1024 / 1024).toFixed(1)} MiB, more than ${SAVED_STRUCTURE_MAX_BYTES / 1024 / 1024} MiB: it was not read`,
          {
            remedy:
              'save it again with save_structure (at most 32,768 blocks), or place it from a structure file',
          },
        );
      text = await readFile(path, 'utf8');
    } catch (err) {
      if (err instanceof StructureError) throw err;
      throw new StructureError(`no structure named "${echo(name)}"`, {
        remedy: 'see list_structures, or save one with save_structure',
      });
    }
    const parsed = StructureSchema.safeParse(parseJson(text));
    if (!parsed.success)
      throw new StructureError(`structure file for "${echo(name)}" is damaged`, { remedy: 'save it again' });
    return parsed.data;
  }

  /**
   * What each file said when last read, by name, with the file's mtime and size: a listing loads a saved
   * structure (to count its blocks) only when its file changed since, not on every call.
   */
  private readonly described = new Map<string, { mtimeMs: number; size: number; entry: StructureEntry }>();

  /** the names of the saved structures, sorted; no file is read */
  async names(): Promise<string[]> {
    try {
      return (await readdir(this.dir))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -5))
        .sort();
    } catch {
      return [];
    }
  }

  /** size, block count and date of each of these saved structures; a damaged file is skipped (load() names it) */
  async describe(names: readonly string[]): Promise<StructureEntry[]> {
    const out: StructureEntry[] = [];
    for (const name of names) {
      try {
        const file = await stat(this.file(name));
        const known = this.described.get(name);
        if (known && known.mtimeMs === file.mtimeMs && known.size === file.size) {
          out.push(known.entry);
          continue;
        }
        const s = await this.load(name);
        const air = s.palette.findIndex((p) => p === 'minecraft:air');
        let blocks = 0;
        for (const b of s.blocks) if (b !== air) blocks++;
        const entry = { name, size: s.size, blocks, savedAt: s.savedAt };
        this.described.set(name, { mtimeMs: file.mtimeMs, size: file.size, entry });
        out.push(entry);
      } catch {
        this.described.delete(name);
      }
    }
    return out;
  }

  async list(): Promise<StructureEntry[]> {
    return this.describe(await this.names());
  }
}
