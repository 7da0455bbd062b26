/**
 * prismarine-viewer 1.33.0's prebuilt browser files (three.js 0.128 inside, textures and block states for
 * 1.8.8–1.21.4): where they are, which Minecraft versions they cover, the entity models the page has, and
 * its page script and mesher worker with small patches. Only these browser files and its server-side
 * WorldView are used; its mineflayer plugin is not (it binds every interface and logs on stdout).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { compareVersions } from '../connection/channel.js';
import { McbridgeError } from '../vocabulary/errors.js';
import { INSTALLED_VIEWER_DIR, VIEWER_ADDON, VIEWER_DIR } from '../world-view/viewer-files.js';

const require = createRequire(import.meta.url);
/** prismarine-viewer's folder: the installed package, or the part mcbridge's package carries (viewer-files.ts) */
export const PACKAGE_DIR = VIEWER_DIR;
export const PUBLIC_DIR = join(PACKAGE_DIR, 'public');
export const VIEWER_PACKAGE_VERSION = (require(join(PACKAGE_DIR, 'package.json')) as { version: string })
  .version;

const { supportedVersions } = require(join(PACKAGE_DIR, 'viewer', 'lib', 'version.js')) as {
  supportedVersions: string[];
};
export const SHIPPED_VERSIONS: readonly string[] = [...supportedVersions].sort(compareVersions);

let entityModelNames: ReadonlySet<string> | undefined;

/**
 * The entity types the page has a model for: the names in the bundle's entities.json (Minecraft 1.16.4's),
 * read when first asked; the 0.7 MB of models themselves are not kept.
 */
export function entityModels(): ReadonlySet<string> {
  entityModelNames ??= new Set(
    Object.keys(
      JSON.parse(
        readFileSync(join(PACKAGE_DIR, 'viewer', 'lib', 'entity', 'entities.json'), 'utf8'),
      ) as Record<string, unknown>,
    ),
  );
  return entityModelNames;
}

export interface AssetVersion {
  /** the version whose textures and block ids the page uses */
  shown: string;
  /** true when that is not the server's own version */
  substituted: boolean;
}

/** The server's own version when shipped, else the newest shipped one not newer than it, else the oldest. */
export function assetVersionFor(serverVersion: string): AssetVersion {
  if (SHIPPED_VERSIONS.includes(serverVersion)) return { shown: serverVersion, substituted: false };
  const older = SHIPPED_VERSIONS.filter((v) => compareVersions(v, serverVersion) <= 0);
  const shown = older.at(-1) ?? SHIPPED_VERSIONS[0]!;
  return { shown, substituted: true };
}

export class ViewerBundleError extends McbridgeError {
  override name = 'ViewerBundleError' as const;
}

/**
 * The live viewer needs the whole prismarine-viewer package, which mcbridge's npm package leaves out (it
 * carries only what render_area and the MCP Apps view read); throws with the one command that adds it.
 */
export function requireLiveViewer(): void {
  if (INSTALLED_VIEWER_DIR !== undefined) return;
  throw new ViewerBundleError(`the live viewer needs ${VIEWER_ADDON}, which is not installed here`, {
    remedy:
      `add it beside mcbridge: \`npm install ${VIEWER_ADDON}\` in the folder mcbridge is installed in, or run ` +
      `\`npx -y -p mcbridge -p ${VIEWER_ADDON} mcbridge serve --embedded --viewer-port 0\``,
  });
}

// the bundle's own source (lib/index.js) keeps its viewer, renderer and camera controls in closure; the page
// needs them to report progress and place the camera, so the first patch hands them to `window.__pv`. It
// also hands every bot position to `window.mcbridgeOnPosition` (the page's, to follow the bot): registered
// here, before the socket can connect, it runs before the bundle's own handler, which aims only once
const EXPOSE_AT = 'let h=new THREE.OrbitControls(u.camera,l.domElement);';
const EXPOSE =
  'window.__pv={viewer:u,renderer:l,socket:o,get controls(){return h}};' +
  'o.on("position",(t=>{window.mcbridgeOnPosition&&window.mcbridgeOnPosition(t)}));';
// the bundle aims the camera only at a bot above y=0; superflat worlds stand at y=-60
const AIM_GUARD = 't.y>0&&s&&(h.target.set(';
const AIM_FIXED = 's&&(h.target.set(';

// chunks load and unload their sections only from y=0 to 255 in the bundle (lib/worldrenderer.js); 1.18+
// worlds run from -64 to 319, and the superflat ground is at -61
const SECTION_LOOP = 'for(let i=0;i<256;i+=16){';
const SECTION_LOOP_DEEP = 'for(let i=-64;i<320;i+=16){';

let patched: string | undefined;

/** The bundle's index.js with both patches; throws if this prismarine-viewer build does not match. */
export function patchedIndexScript(): string {
  if (patched !== undefined) return patched;
  const original = readFileSync(join(PUBLIC_DIR, 'index.js'), 'utf8');
  for (const anchor of [EXPOSE_AT, AIM_GUARD]) {
    if (original.split(anchor).length !== 2) {
      throw new ViewerBundleError(
        `prismarine-viewer ${VIEWER_PACKAGE_VERSION}'s index.js does not contain "${anchor}" exactly once`,
        { remedy: 'install prismarine-viewer 1.33.0, the version mcbridge patches' },
      );
    }
  }
  if (original.split(SECTION_LOOP).length !== 3)
    throw new ViewerBundleError(
      `prismarine-viewer ${VIEWER_PACKAGE_VERSION}'s index.js does not contain "${SECTION_LOOP}" exactly twice`,
      { remedy: 'install prismarine-viewer 1.33.0, the version mcbridge patches' },
    );
  patched = original
    .replace(EXPOSE_AT, EXPOSE_AT + EXPOSE)
    .replace(AIM_GUARD, AIM_FIXED)
    .split(SECTION_LOOP)
    .join(SECTION_LOOP_DEEP);
  return patched;
}

// the bundle's mesher (lib/models.js) skips every face next to a block below y=0, a limit from before 1.18's
// deeper worlds: superflat ground at y=-61 would draw nothing. Faces are kept down to vanilla's floor, -64.
const BELOW_ZERO_GUARD = '.position.y<0)continue';
const BELOW_FLOOR_GUARD = '.position.y<-64)continue';

// the worker looks a section up as `sections[y/16]`; 1.18+ columns index from their minY (-64)
const SECTION_LOOKUPS: Array<[string, string]> = [
  ['i&&i.sections[Math.floor(a/16)]', 'i&&i.sections[Math.floor((a-(i.minY||0))/16)]'],
  ['l&&l.sections[Math.floor(n/16)]', 'l&&l.sections[Math.floor((n-(l.minY||0))/16)]'],
];

// with nearest filtering and no mipmaps, a pixel on the edge between two blocks can land a rounding error past
// its face's tile in the atlas, on a transparent texel that the material's alphaTest discards: the sky shows
// through a dashed line along rows of blocks. Each face's texture coordinates are pulled 1/16 of a texel
// (1/256 of the tile) in from its edges
const FACE_UVS = 's.uvs.push(l*C+N,o*j+T)';
const FACE_UVS_INSET = 's.uvs.push((l*.9921875+.00390625)*C+N,(o*.9921875+.00390625)*j+T)';

let patchedWorker: string | undefined;

/** The bundle's worker.js (the mesher), drawing faces below y=0 with inset texture coordinates; throws if this build does not match. */
export function patchedWorkerScript(): string {
  if (patchedWorker !== undefined) return patchedWorker;
  const original = readFileSync(join(PUBLIC_DIR, 'worker.js'), 'utf8');
  const count = original.split(BELOW_ZERO_GUARD).length - 1;
  if (count !== 2) {
    throw new ViewerBundleError(
      `prismarine-viewer ${VIEWER_PACKAGE_VERSION}'s worker.js contains "${BELOW_ZERO_GUARD}" ${count} times, not 2`,
      { remedy: 'install prismarine-viewer 1.33.0, the version mcbridge patches' },
    );
  }
  let worker = original.split(BELOW_ZERO_GUARD).join(BELOW_FLOOR_GUARD);
  for (const [lookup, fixed] of SECTION_LOOKUPS) {
    if (worker.split(lookup).length !== 2)
      throw new ViewerBundleError(
        `prismarine-viewer ${VIEWER_PACKAGE_VERSION}'s worker.js does not contain "${lookup}" exactly once`,
        { remedy: 'install prismarine-viewer 1.33.0, the version mcbridge patches' },
      );
    worker = worker.replace(lookup, fixed);
  }
  if (worker.split(FACE_UVS).length !== 2)
    throw new ViewerBundleError(
      `prismarine-viewer ${VIEWER_PACKAGE_VERSION}'s worker.js does not contain "${FACE_UVS}" exactly once`,
      { remedy: 'install prismarine-viewer 1.33.0, the version mcbridge patches' },
    );
  worker = worker.replace(FACE_UVS, FACE_UVS_INSET);
  patchedWorker = worker;
  return patchedWorker;
}
