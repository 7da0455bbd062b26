/**
 * Structure files (.schem, .schematic, .nbt, .litematic) on disk, only inside the data directory or a
 * directory the operator allows (config `structureDirs`). A relative path is relative to the data
 * directory; `..` that leaves every allowed root, and symbolic links that point outside one, are refused;
 * files above MAX_FILE_BYTES are refused before they are read.
 */
import { lstat, mkdir, readdir, realpath, stat, readFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import {
  READABLE_EXTENSIONS,
  type StructureExtension,
  WRITABLE_EXTENSIONS,
  decodeStructure,
  encodeStructure,
  extensionOf,
  nameOfFile,
} from './formats/index.js';
import { type Structure, StructureError } from './store.js';

/** a structure file is at most this big on disk */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

export interface StructureFileEntry {
  /** what `file` takes to name it: relative to the data directory, else absolute */
  file: string;
  path: string;
  bytes: number;
}

const inside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

export class StructureFiles {
  readonly roots: readonly string[];

  constructor(
    readonly dataDir: string,
    allowedDirs: readonly string[] = [],
  ) {
    this.roots = [resolve(dataDir), ...allowedDirs.map((d) => resolve(d))];
  }

  /** The absolute path `file` names, after the checks; `write` also checks the extension is writable. */
  async resolve(file: string, mode: 'read' | 'write'): Promise<{ path: string; ext: StructureExtension }> {
    if (file.includes('\0') || file.trim() === '')
      throw new StructureError(`"${file}" is not a file name`, {
        remedy: 'give a path such as castle.schem',
      });
    const ext = extensionOf(file);
    const allowed = mode === 'read' ? READABLE_EXTENSIONS : WRITABLE_EXTENSIONS;
    if (!ext || !(allowed as readonly string[]).includes(ext))
      throw new StructureError(`"${file}" does not end in ${allowed.join(', ')}`, {
        remedy:
          mode === 'write' && ext === '.schematic'
            ? 'MCEdit .schematic is read only: save as .schem'
            : 'name a structure file by its format’s extension',
      });
    const path = resolve(this.roots[0]!, file);
    const root = this.roots.find((r) => inside(r, path));
    if (!root) throw this.outside(file);
    // a symbolic link inside a root may point anywhere: check where it really is
    if (mode === 'read') {
      let real: string;
      try {
        real = await realpath(path);
      } catch {
        throw new StructureError(`no structure file "${file}"`, {
          remedy: `put it in ${this.roots[0]} (or a directory allowed in the config) and name it relative to it`,
        });
      }
      if (!(await this.realRoots()).some((r) => inside(r, real))) throw this.outside(file);
      return { path: real, ext };
    }
    if (root === this.roots[0]) await mkdir(dirname(path), { recursive: true });
    let realParent: string;
    try {
      realParent = await realpath(dirname(path));
    } catch {
      throw new StructureError(`the folder of "${file}" does not exist`, { remedy: 'create it first' });
    }
    if (!(await this.realRoots()).some((r) => inside(r, realParent))) throw this.outside(file);
    return { path: join(realParent, basename(path)), ext };
  }

  async read(file: string): Promise<Structure> {
    const { path, ext } = await this.resolve(file, 'read');
    const info = await stat(path);
    if (!info.isFile()) throw new StructureError(`"${file}" is not a file`);
    if (info.size > MAX_FILE_BYTES)
      throw new StructureError(
        `"${file}" is ${(info.size / 1024 / 1024).toFixed(1)} MiB, more than ${MAX_FILE_BYTES / 1024 / 1024} MiB`,
        { remedy: 'split it into smaller files in its editor' },
      );
    return decodeStructure(await readFile(path), ext, file, nameOfFile(basename(path)));
  }

  async write(file: string, structure: Structure, dataVersion?: number): Promise<string> {
    const { path, ext } = await this.resolve(file, 'write');
    await writeFileAtomic(path, encodeStructure(structure, ext, dataVersion));
    return path;
  }

  /**
   * Structure files at the top of each root (not in subfolders), by name. A symbolic link is listed only
   * when it leads to a file inside an allowed folder; one that leads out is neither followed nor described.
   */
  async list(): Promise<StructureFileEntry[]> {
    const out: StructureFileEntry[] = [];
    const realRoots = await this.realRoots();
    for (const [i, root] of this.roots.entries()) {
      let names: string[];
      try {
        names = await readdir(root);
      } catch {
        continue;
      }
      for (const name of names.sort()) {
        if (!extensionOf(name)) continue;
        const path = join(root, name);
        try {
          if ((await lstat(path)).isSymbolicLink()) {
            const real = await realpath(path);
            if (!realRoots.some((r) => inside(r, real))) continue;
          }
          const info = await stat(path);
          if (info.isFile()) out.push({ file: i === 0 ? name : path, path, bytes: info.size });
        } catch {
          // gone since readdir
        }
      }
    }
    return out;
  }

  private async realRoots(): Promise<string[]> {
    return Promise.all(this.roots.map((r) => realpath(r).catch(() => r)));
  }

  private outside(file: string): StructureError {
    return new StructureError(`"${file}" is outside the directories structure files may come from`, {
      remedy: `use a path inside ${this.roots.join(' or ')}; an operator can allow more in the config (structureDirs)`,
    });
  }
}
