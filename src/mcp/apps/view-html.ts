/**
 * The HTML of the `ui://` View, self-contained because hosts show it in a sandboxed iframe that may load
 * nothing: prismarine-viewer's browser bundle (patched as for the live viewer, src/viewer/assets.ts), the
 * texture atlas of ATLAS_VERSION as a data URL, and the ext-apps App (its dependency-bundled build, whose
 * closing `export {…}` is turned into two local names so it can share one inline module with the View's
 * code, which sits in a block of its own so its names cannot clash with the bundle's minified ones).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { McbridgeError } from '../../vocabulary/errors.js';
import { patchedIndexScript, PUBLIC_DIR } from '../../viewer/assets.js';
import { ATLAS_VERSION } from './region-mesh.js';
import { APP, BOOT } from './view-script.js';

const require = createRequire(import.meta.url);

const STYLE = `
html, body { margin: 0; padding: 0; overflow: hidden; background: #87a9d8; }
body { height: 320px; }
canvas { height: 100%; width: 100%; display: block; }
#mcb { position: fixed; top: 8px; left: 8px; max-width: 70%; padding: 6px 10px; border-radius: 6px;
  background: rgba(20, 22, 28, 0.78); color: #f0f0f0; font: 13px/1.4 system-ui, sans-serif; z-index: 10; }
#mcb b { color: #fff; } #mcb .warn { color: #ffd479; } #mcb .down { color: #ff8f8f; }
#mcb .help { color: #b8bcc8; font-size: 12px; }`;

/** ext-apps' `app-with-deps.js` with its export list turned into `const App = …, PostMessageTransport = …`. */
function extAppsScript(): string {
  const file = join(
    dirname(require.resolve('@modelcontextprotocol/ext-apps/app-with-deps')),
    'app-with-deps.js',
  );
  const text = readFileSync(file, 'utf8');
  const at = text.lastIndexOf('export{');
  const end = text.lastIndexOf('}');
  const names = new Map(
    text
      .slice(at + 'export{'.length, end)
      .split(',')
      .map((entry) => entry.trim().split(' as ') as [string, string?])
      .map(([local, exported]) => [exported ?? local, local]),
  );
  const app = names.get('App');
  const transport = names.get('PostMessageTransport');
  if (at < 0 || !app || !transport) {
    throw new McbridgeError(
      '@modelcontextprotocol/ext-apps app-with-deps.js does not export App and PostMessageTransport',
      {
        remedy: 'install @modelcontextprotocol/ext-apps 1.7.5, the version mcbridge was built with',
      },
    );
  }
  return `${text.slice(0, at)}\nconst McbApp = ${app}, McbTransport = ${transport};\n`;
}

// the bundle connects to the live viewer's socket.io at load; the View gets its meshes from the host instead,
// so its copy never connects (which the View's CSP would refuse anyway, with an error at every retry)
const SOCKET_AT = '({path:window.location.pathname+"socket.io"})';
const SOCKET_OFF = '({path:window.location.pathname+"socket.io",autoConnect:!1})';

function viewerBundle(): string {
  const script = patchedIndexScript();
  if (script.split(SOCKET_AT).length !== 2) {
    throw new McbridgeError(`prismarine-viewer's index.js does not contain "${SOCKET_AT}" exactly once`, {
      remedy: 'install prismarine-viewer 1.33.0, the version mcbridge patches',
    });
  }
  return script.replace(SOCKET_AT, SOCKET_OFF);
}

let html: string | undefined;

/** The View's page (about 2 MB); built once. */
export function buildViewHtml(): string {
  if (html !== undefined) return html;
  const atlas = readFileSync(join(PUBLIC_DIR, 'textures', `${ATLAS_VERSION}.png`)).toString('base64');
  const safe = (script: string) => script.replace(/<\/script/gi, '<\\/script');
  html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>mcbridge build view</title>
<style>${STYLE}</style>
</head>
<body>
<div id="mcb">mcbridge build view · waiting for a render_area or execute_commands result…</div>
<script>${safe(BOOT)}</script>
<script>${safe(viewerBundle())}</script>
<script type="module">
${safe(extAppsScript())}
const ATLAS = 'data:image/png;base64,${atlas}';
const VERSION = ${JSON.stringify(ATLAS_VERSION)};
{
${safe(APP)}
}
</script>
</body>
</html>
`;
  return html;
}
