/**
 * The View's browser code, as text put into the resource. BOOT runs before prismarine-viewer's bundle: the
 * bundle starts four mesher workers from `worker.js` (a 63 MB file that a sandboxed iframe cannot load);
 * they are replaced by inert stand-ins, and the meshes made on the server are handed to the renderer as if a
 * worker had sent them. APP runs after it, with the ext-apps `App` (the MCP Apps side of the host channel):
 * every tool result the host pushes (render_area, execute_commands) names a box; the View asks the server for
 * its meshes with the app-only tool `view_region_mesh` and redraws. Progress is kept on `window.mcbridgeView`
 * for the browser test, which waits on it instead of clocks: `shown` is the number of results drawn as of the
 * last frame that the renderer itself painted with them (texture atlas uploaded, a canvas of non-zero size, a
 * live WebGL context, triangles drawn), and `painted` counts such frames.
 */

export const BOOT = `
(() => {
  const workers = [];
  class InertWorker {
    constructor() { this.onmessage = null; workers.push(this); }
    postMessage() {}
    terminate() {}
    addEventListener() {}
    removeEventListener() {}
  }
  window.Worker = InertWorker;
  window.__mcbridgeWorkers = workers;
  window.mcbridgeView = { connected: false, results: 0, handled: 0, drawn: 0, sections: 0, faces: 0, frames: 0, painted: 0, shown: 0, triangles: 0, canvas: null, textured: false, live: false, box: null, cutaway: null, height: null, error: null, contextLost: 0, contextRestored: 0 };
})();`;

/** Needs `McbApp` and `McbTransport` (ext-apps' App and PostMessageTransport) in scope, and ATLAS (data URL) and VERSION defined before it. */
export const APP = `
const state = window.mcbridgeView;
const pv = window.__pv;
const world = pv.viewer.world;
world.texturesDataUrl = ATLAS;
world.blockStatesData = {};
pv.viewer.setVersion(VERSION);
const banner = document.getElementById('mcb');
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
let lastBanner = banner.innerHTML;
const say = (html) => { banner.innerHTML = html; };
const b64 = (s, Kind) => { const bin = atob(s); const u = new Uint8Array(bin.length); for (let i = 0; i < bin.length; i++) u[i] = bin.charCodeAt(i); return new Kind(u.buffer); };
// runs in each animation frame right after the bundle's own render loop (registered after it, so it runs second):
// "drawn" only says the meshes reached three.js; a painted frame says the renderer drew them
const gl = pv.renderer.getContext();
// three.js counts its renders in renderer.info, an object it replaces when a lost context is restored
let renders = 0;
let drawnAt = Infinity;
let lastInfo = null;
let lastFrame = -1;
const countFrames = () => {
  state.frames++;
  const info = pv.renderer.info.render;
  const rendered = info !== lastInfo || info.frame !== lastFrame;
  lastInfo = info;
  lastFrame = info.frame;
  if (rendered) renders++;
  const map = world.material.map;
  // the atlas is a data URL the browser decodes on its own time; three.js uploads it once flagged (version > 0)
  state.textured = !!(map && map.version > 0 && map.image && map.image.complete && map.image.naturalWidth > 0);
  state.live = !gl.isContextLost();
  state.canvas = [gl.drawingBufferWidth, gl.drawingBufferHeight];
  state.triangles = info.triangles;
  if (rendered && renders > drawnAt && state.live && state.textured && info.triangles > 0 &&
      gl.drawingBufferWidth > 0 && gl.drawingBufferHeight > 0) {
    state.painted++;
    state.shown = state.drawn;
  }
  requestAnimationFrame(countFrames);
};
requestAnimationFrame(countFrames);
// the browser may drop the WebGL context (a GPU reset, too many pages): say so, and three.js redraws on restore
const canvas = pv.viewer.domElement;
canvas.addEventListener('webglcontextlost', () => {
  state.contextLost++;
  say('<span class="down">the browser dropped the WebGL context of this view; it redraws when the browser restores it</span>');
});
canvas.addEventListener('webglcontextrestored', () => { state.contextRestored++; say(lastBanner); });

// what a tool result is about: render_area's box, or the commands an execute_commands batch applied
const requestOf = (result) => {
  const s = result && result.structuredContent;
  if (!s) return null;
  // render_area reports the ceiling it cut away (cutaway: false, or a box without a room, reports none)
  if (s.from && s.to && typeof s.from.x === 'number') return { from: s.from, to: s.to, cutaway: !!s.cutaway };
  if (Array.isArray(s.results)) {
    const commands = s.results.filter((r) => r.applied === true).map((r) => r.command);
    return commands.length ? { commands } : null;
  }
  return null;
};
const describe = (req) => req.from
  ? esc(req.from.x + ' ' + req.from.y + ' ' + req.from.z) + ' to ' + esc(req.to.x + ' ' + req.to.y + ' ' + req.to.z)
  : 'what ' + req.commands.length + ' applied command(s) changed';

// the View is as tall as the drawn box looks from the camera (its corners seen from there, at the window's
// width), within what the host allows; the ext-apps App tells the host each new size (size-changed)
const MIN_HEIGHT = 240;
const MAX_HEIGHT = 600;
// the bundle sizes its canvas to the window; a host that does not follow the size asked for keeps the window
// as it was, so the canvas takes the body's height (registered after the bundle's listener, this runs second)
const sizeRenderer = () => {
  const height = document.body.clientHeight;
  pv.viewer.camera.aspect = window.innerWidth / height;
  pv.viewer.camera.updateProjectionMatrix();
  pv.renderer.setSize(window.innerWidth, height);
};
window.addEventListener('resize', sizeRenderer);
sizeRenderer();
const fit = (from, to, cut) => {
  const dims = (app.getHostContext() || {}).containerDimensions || {};
  let height;
  if (typeof dims.height === 'number') height = dims.height;
  else {
    const top = cut ? cut.fromY : to.y + 1;
    const camera = pv.viewer.camera;
    camera.updateMatrixWorld();
    const inverse = new THREE.Matrix4().copy(camera.matrixWorld).invert();
    const lo = { x: Infinity, y: Infinity };
    const hi = { x: -Infinity, y: -Infinity };
    for (const x of [from.x, to.x + 1]) for (const y of [from.y, top]) for (const z of [from.z, to.z + 1]) {
      const v = new THREE.Vector3(x, y, z).applyMatrix4(inverse);
      // perspective: what is nearer looks bigger
      const p = { x: v.x / -v.z, y: v.y / -v.z };
      lo.x = Math.min(lo.x, p.x); lo.y = Math.min(lo.y, p.y); hi.x = Math.max(hi.x, p.x); hi.y = Math.max(hi.y, p.y);
    }
    const ratio = Math.min(1.2, Math.max(0.4, (hi.y - lo.y) / (hi.x - lo.x)));
    const max = typeof dims.maxHeight === 'number' ? dims.maxHeight : MAX_HEIGHT;
    height = Math.round(Math.max(MIN_HEIGHT, Math.min(max, window.innerWidth * ratio * 1.1)));
  }
  document.body.style.height = height + 'px';
  state.height = height;
  sizeRenderer();
};

function draw(mesh) {
  const deliver = window.__mcbridgeWorkers[0].onmessage;
  const keep = new Set(mesh.sections.map((s) => s.key));
  for (const key of Object.keys(world.sectionMeshs)) {
    if (keep.has(key)) continue;
    world.scene.remove(world.sectionMeshs[key]);
    delete world.sectionMeshs[key];
  }
  let faces = 0;
  for (const s of mesh.sections) {
    world.loadedChunks[s.sx - 8 + ',' + (s.sz - 8)] = true;
    const geometry = {
      sx: s.sx, sy: s.sy, sz: s.sz,
      positions: b64(s.positions, Float32Array), normals: b64(s.normals, Float32Array),
      colors: b64(s.colors, Float32Array), uvs: b64(s.uvs, Float32Array),
      indices: new THREE.BufferAttribute(b64(s.indices, Uint32Array), 1),
    };
    deliver({ data: { type: 'geometry', key: s.key, geometry } });
    faces += s.faces;
  }
  const { from, to } = mesh;
  const c = { x: (from.x + to.x + 1) / 2, y: (from.y + to.y + 1) / 2, z: (from.z + to.z + 1) / 2 };
  const size = Math.max(to.x - from.x, to.y - from.y, to.z - from.z) + 1;
  pv.controls.target.set(c.x, c.y, c.z);
  pv.viewer.camera.position.set(c.x + size * 0.7, c.y + size * 0.6, c.z + size * 0.85);
  pv.controls.update();
  fit(from, to, mesh.cutaway);
  state.sections = mesh.sections.length;
  state.faces = faces;
  state.box = { from, to };
  state.cutaway = mesh.cutaway || null;
  state.drawn++;
  drawnAt = renders;
  say('<b>' + esc(from.x + ' ' + from.y + ' ' + from.z) + '</b> to <b>' + esc(to.x + ' ' + to.y + ' ' + to.z) + '</b> · ' +
    mesh.solid + ' blocks' + (mesh.unloaded ? ' · <span class="warn">' + mesh.unloaded + ' unloaded (left empty)</span>' : '') +
    (mesh.cutaway ? ' · ceiling cut away: y ' + esc(mesh.cutaway.fromY) + ' and up not drawn' : '') +
    '<br><span class="help">block models and textures of Minecraft ' + esc(mesh.version) + ' · drag: orbit · wheel: zoom · follows each build step</span>');
  lastBanner = banner.innerHTML;
}

let input = null;
const app = new McbApp({ name: 'mcbridge build view', version: '1' }, {});
app.ontoolinput = (params) => { input = params.arguments || null; };
app.ontoolresult = async (result) => {
  state.results++;
  try {
    const request = requestOf(result);
    if (!request) return;
    say('loading ' + describe(request) + '…');
    const args = { ...request };
    // execute_commands' boxes take the default: a ceiling over what changed is left out
    if (input && typeof input.target === 'string') args.target = input.target;
    const r = await app.callServerTool({ name: 'view_region_mesh', arguments: args });
    if (r.isError || !r.structuredContent) {
      const text = (r.content || []).map((c) => c.text || '').join(' ');
      state.error = text || 'no meshes';
      say('<span class="down">' + esc(state.error) + '</span>');
      return;
    }
    if (r.structuredContent.changed === false) { say(lastBanner); return; }
    draw(r.structuredContent);
  } catch (err) {
    state.error = String(err && err.message || err);
    say('<span class="down">' + esc(state.error) + '</span>');
  } finally {
    state.handled++;
  }
};
app.connect(new McbTransport(window.parent, window.parent)).then(() => { state.connected = true; },
  (err) => { state.error = String(err && err.message || err); say('<span class="down">' + esc(state.error) + '</span>'); });
`;
