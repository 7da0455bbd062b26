/**
 * Where prismarine-viewer's files are read from: the installed package when there is one (a checkout of this
 * repository, or a user who added the live viewer beside mcbridge), else the part of it that mcbridge's npm
 * package carries in `assets/prismarine-viewer/` (scripts/pack-viewer-assets.mjs): Minecraft 1.21.4's block
 * textures and block states, the page script and the mesher, which render_area and the MCP Apps view read.
 * Only the live viewer needs the whole package (its 61 MB mesher worker and every version's assets).
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package the live viewer needs, as a user installs it (package.json names it as an optional peer). */
export const VIEWER_ADDON = 'prismarine-viewer@1.33.0';

function installedViewer(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve('prismarine-viewer/package.json'));
  } catch {
    return undefined;
  }
}

/** The whole prismarine-viewer package, when it is installed. */
export const INSTALLED_VIEWER_DIR: string | undefined = installedViewer();

/** The folder laid out as prismarine-viewer's package: the installed one, else the part the package carries. */
export const VIEWER_DIR: string =
  INSTALLED_VIEWER_DIR ?? fileURLToPath(new URL('../../assets/prismarine-viewer', import.meta.url));
