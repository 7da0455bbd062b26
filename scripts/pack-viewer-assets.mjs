// prepack: copies the part of prismarine-viewer that render_area and the MCP Apps view read into
// assets/prismarine-viewer/, laid out as the package is (src/world-view/viewer-files.ts reads it there when
// prismarine-viewer itself is not installed). The npm package carries this part instead of the whole package:
// prismarine-viewer is 374 MB installed (every Minecraft version's textures and block states, a 61 MB mesher
// worker, three.js); the live viewer, which needs all of it, is an add-on (README, "Install").
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// the Minecraft version whose textures render_area draws and whose atlas the MCP Apps view shows
const VERSION = '1.21.4';
const FILES = [
  'LICENSE',
  // server side: the mesher (region-mesh.ts), the version list (assets.ts), the entity model names
  'viewer/lib/models.js',
  'viewer/lib/version.js',
  'viewer/lib/worldView.js',
  'viewer/lib/simpleUtils.js',
  'viewer/lib/entity/entities.json',
  // the page script the MCP Apps view inlines, its texture atlas and block states
  'public/index.js',
  `public/textures/${VERSION}.png`,
  `public/blocksStates/${VERSION}.json`,
  // render_area's textures (src/world-view/textures.ts)
  `public/textures/${VERSION}/blocks`,
  `public/textures/${VERSION}/blocks_models.json`,
  `public/textures/${VERSION}/blocks_states.json`,
];

const root = join(dirname(new URL(import.meta.url).pathname), '..');
const from = dirname(createRequire(join(root, 'package.json')).resolve('prismarine-viewer/package.json'));
const to = join(root, 'assets', 'prismarine-viewer');
rmSync(to, { recursive: true, force: true });
for (const file of FILES) {
  mkdirSync(dirname(join(to, file)), { recursive: true });
  cpSync(join(from, file), join(to, file), { recursive: true });
}
// its own package.json, without "type", so that its .js files load as CommonJS inside mcbridge's ESM package
const { name, version, license, author, repository } = JSON.parse(
  readFileSync(join(from, 'package.json'), 'utf8'),
);
writeFileSync(
  join(to, 'package.json'),
  `${JSON.stringify({ name, version, license, author, repository, private: true, description: `the part of ${name} ${version} that mcbridge reads without it installed` }, null, 2)}\n`,
);
process.stderr.write(
  `mcbridge: ${FILES.length} parts of ${name} ${version} copied to assets/prismarine-viewer\n`,
);
