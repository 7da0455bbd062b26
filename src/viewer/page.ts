/**
 * The viewer's HTML page: prismarine-viewer's canvas under a small banner saying what is shown (server
 * version, textures used, the bot, the connection state), and a progress object on `window.mcbridgeViewer`
 * that the browser tests and the benchmark wait on instead of clocks; it also says where the bot, the camera
 * and its orbit target are (the camera follows the bot). `/status` (server-sent events) tells the page when
 * the bot changed; the page then reloads to start over with the new bot's world.
 *
 * A "Follow bot" checkbox, apart from the banner (whose content is rebuilt at every status), turns following
 * off and on: off, the camera stays where the user put it while the bot moves; on again, the camera's orbit
 * target goes back to the bot, keeping the user's orbit and zoom. The choice lasts across the page's reloads
 * (sessionStorage), so a bot that reconnects does not undo it.
 */
import { VIEWER_PACKAGE_VERSION } from './assets.js';

const STYLE = `
html, body { height: 100%; margin: 0; padding: 0; overflow: hidden; background: #87a9d8; }
canvas { height: 100%; width: 100%; display: block; }
#mcb { position: fixed; top: 8px; left: 8px; max-width: 60%; padding: 6px 10px; border-radius: 6px;
  background: rgba(20, 22, 28, 0.78); color: #f0f0f0; font: 13px/1.4 system-ui, sans-serif; z-index: 10; }
#mcb b { color: #fff; } #mcb .warn { color: #ffd479; } #mcb .down { color: #ff8f8f; }
#mcb .help { color: #b8bcc8; font-size: 12px; }
#mcb-follow { position: fixed; top: 8px; right: 8px; padding: 6px 10px; border-radius: 6px; cursor: pointer;
  background: rgba(20, 22, 28, 0.78); color: #f0f0f0; font: 13px/1.4 system-ui, sans-serif; z-index: 10;
  user-select: none; }
#mcb-follow input { margin: 0 6px 0 0; vertical-align: -2px; cursor: pointer; }
#mcb-follow:focus-within { outline: 2px solid #ffd479; outline-offset: 1px; }`;

// runs before the bundle: counts finished chunk sections and frames drawn once the world is in view
const SCRIPT = `
(() => {
  const state = { status: null, generation: null, sections: 0, updates: 0, frames: 0, firstFrameMs: null,
    position: null, bot: null, target: null, camera: null, following: true };
  window.mcbridgeViewer = state;
  const el = () => document.getElementById('mcb');
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
  const show = (s) => {
    const lines = [];
    lines.push('<b>mcbridge viewer</b> · ' + (s.server ? 'Minecraft ' + esc(s.server) : 'no server yet'));
    if (s.username) lines.push('bot <b>' + esc(s.username) + '</b>' + (s.position ? ' at ' + esc(s.position) : ''));
    if (s.substituted) lines.push('<span class="warn">textures and block ids of Minecraft ' + esc(s.shown) +
      ' (the nearest version prismarine-viewer ${VIEWER_PACKAGE_VERSION} ships); blocks are translated by name,' +
      ' and those ' + esc(s.shown) + ' lacks are left out</span>');
    if (!s.connected) lines.push('<span class="down">' + esc(s.reason || 'disconnected') + ' — the view resumes when the bot reconnects</span>');
    lines.push('<span class="help">drag: orbit · wheel: zoom · right-drag: pan · updates live</span>');
    el().innerHTML = lines.join('<br>');
  };
  const events = new EventSource('status');
  events.onmessage = (m) => {
    const s = JSON.parse(m.data);
    // the bot's own position events are newer than the status the server sent when this stream opened
    if (state.position && s.connected) s.position = state.position;
    // a new bot, or the first one for a page opened before any: start over with its world
    const fresh = state.generation !== null ? s.generation !== state.generation : state.status !== null;
    if (s.connected && fresh) {
      location.reload();
      return;
    }
    if (state.generation === null && s.connected) state.generation = s.generation;
    state.status = s;
    show(s);
  };
  // every bot position (teleports too): while following, the camera and its orbit target move with the bot,
  // so whatever orbit, zoom or pan the user chose is kept; the banner says where the bot is now
  let last = null;
  const shift = (d) => {
    const pv = window.__pv;
    if (!pv || !pv.controls) return;
    pv.controls.target.add(d);
    pv.viewer.camera.position.add(d);
  };
  window.mcbridgeOnPosition = ({ pos }) => {
    if (last && state.following) shift({ x: pos.x - last.x, y: pos.y - last.y, z: pos.z - last.z });
    last = { x: pos.x, y: pos.y, z: pos.z };
    state.bot = last;
    const text = Math.floor(pos.x) + ' ' + Math.floor(pos.y) + ' ' + Math.floor(pos.z);
    if (text === state.position) return;
    state.position = text;
    if (state.status && state.status.connected) {
      state.status.position = text;
      show(state.status);
    }
  };
  // the choice is kept in sessionStorage, which a browser may refuse: then it lasts until the page reloads
  const FOLLOW_KEY = 'mcbridge.followBot';
  const followBox = document.getElementById('mcb-follow-box');
  const follow = (on) => {
    state.following = on;
    followBox.checked = on;
    try {
      sessionStorage.setItem(FOLLOW_KEY, on ? 'on' : 'off');
    } catch {}
    // back on: the orbit target goes to where the bot is now, the camera keeps its place around it
    const pv = window.__pv;
    if (on && last && pv && pv.controls) {
      const t = pv.controls.target;
      shift({ x: last.x - t.x, y: last.y - t.y, z: last.z - t.z });
    }
  };
  let saved = null;
  try {
    saved = sessionStorage.getItem(FOLLOW_KEY);
  } catch {}
  state.following = saved !== 'off';
  followBox.checked = state.following;
  followBox.addEventListener('change', () => follow(followBox.checked));
  const seen = { info: null, frame: -1, ready: false };
  const watch = () => {
    const pv = window.__pv;
    const world = pv && pv.viewer && pv.viewer.world;
    if (world && !state.hooked) {
      state.hooked = true;
      world.renderUpdateEmitter.on('update', () => { state.updates++; });
    }
    if (pv && pv.controls) {
      const t = pv.controls.target;
      const c = pv.viewer.camera.position;
      state.target = { x: t.x, y: t.y, z: t.z };
      state.camera = { x: c.x, y: c.y, z: c.z };
    }
    if (world) {
      // this runs just before the bundle's render in each animation frame: a frame counts when the renderer
      // drew since the last look (three.js counts renders in an info object it replaces on a context restore)
      // and the world was idle, with its texture atlas loaded, when that render began
      const info = pv.renderer.info.render;
      const gl = pv.renderer.getContext();
      const rendered = info !== seen.info || info.frame !== seen.frame;
      if (rendered && seen.ready && state.sections > 0 && !gl.isContextLost() && gl.drawingBufferWidth > 0) {
        state.frames++;
        if (state.firstFrameMs === null && state.frames >= 2) state.firstFrameMs = Math.round(performance.now());
      }
      state.sections = Object.keys(world.sectionMeshs).length;
      const idle = world.sectionsOutstanding.size === 0 && Object.keys(world.loadedChunks).length > 0;
      state.idle = idle;
      const map = world.material.map;
      const textured = !!(map && map.version > 0 && map.image && map.image.complete && map.image.naturalWidth > 0);
      seen.info = info;
      seen.frame = info.frame;
      seen.ready = idle && textured;
    }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
})();`;

// a grass-green block, inline so that the browser asks the server for no icon
const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#6b4a2b"/><rect width="16" height="5" fill="#5fa83a"/></svg>',
)}`;

export function viewerPage(): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>mcbridge viewer</title>
<link rel="icon" href="${ICON}">
<style>${STYLE}</style>
</head>
<body>
<div id="mcb">mcbridge viewer · connecting…</div>
<label id="mcb-follow" title="Move the camera with the bot; off: the camera stays where you put it"><input type="checkbox" id="mcb-follow-box" checked>Follow bot</label>
<script>${SCRIPT}</script>
<script src="index.js"></script>
</body>
</html>
`;
}
