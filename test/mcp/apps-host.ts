/**
 * A minimal MCP Apps host in Chromium for the View's test: the ext-apps `AppBridge` (bundled for the browser
 * with esbuild, a dev tool) talks to the View in a sandboxed iframe (`allow-scripts` only, an opaque origin)
 * under the Content-Security-Policy a host derives from the resource's `_meta.ui.csp`, and forwards the
 * View's tool calls to the real SDK Client in the test process.
 */
import type { Client, CallToolResult } from '@modelcontextprotocol/client';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';

export interface ViewCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
}

/** The policy of the spec's defaults, widened only by what the resource declares. */
export function hostCsp(csp: ViewCsp): string {
  const res = (csp.resourceDomains ?? []).join(' ');
  const connect = (csp.connectDomains ?? []).join(' ') || "'none'";
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${res}`,
    `style-src 'unsafe-inline' ${res}`,
    `img-src data: ${res}`,
    `font-src data: ${res}`,
    `connect-src ${connect}`,
  ].join('; ');
}

async function bridgeBundle(): Promise<string> {
  const out = await build({
    stdin: {
      contents:
        "export { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';",
      resolveDir: process.cwd(),
    },
    bundle: true,
    format: 'iife',
    globalName: 'HostBridge',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

interface Host {
  openView(srcdoc: string): Promise<void>;
  pushResult(args: unknown, result: unknown): Promise<void>;
}

// the host page's own code (plain browser JavaScript): an iframe sandboxed to scripts only, and the bridge
const HOST_SCRIPT = `
window.openView = async (srcdoc) => {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.style.cssText = 'width:900px;height:460px;border:0;display:block';
  document.body.appendChild(iframe);
  const bridge = new HostBridge.AppBridge(null, { name: 'mcbridge-test-host', version: '0' }, { serverTools: {} });
  bridge.oncalltool = (params) => window.mcpCallTool(params);
  // what a chat host does with the View's size-changed notifications: the iframe takes the height asked for
  window.viewSizes = [];
  bridge.onsizechange = ({ width, height }) => {
    window.viewSizes.push({ width, height });
    if (height != null) iframe.style.height = height + 'px';
  };
  const initialized = new Promise((resolve) => { bridge.oninitialized = () => resolve(); });
  const win = iframe.contentWindow;
  await bridge.connect(new HostBridge.PostMessageTransport(win, win));
  iframe.srcdoc = srcdoc;
  window.pushResult = async (args, result) => {
    await bridge.sendToolInput({ arguments: args });
    await bridge.sendToolResult(result);
  };
  await initialized;
};`;

/** Opens the host page with the View loaded from `html`; resolves once the View finished ui/initialize. */
export async function openHost(page: Page, client: Client, html: string, csp: ViewCsp): Promise<void> {
  await page.exposeFunction('mcpCallTool', (params: { name: string; arguments?: Record<string, unknown> }) =>
    client.callTool(params, { timeout: 120_000 }),
  );
  await page.setContent('<!DOCTYPE html><html><body style="margin:0;background:#222"></body></html>');
  await page.addScriptTag({ content: await bridgeBundle() });
  const policy = `<meta http-equiv="Content-Security-Policy" content="${hostCsp(csp)}">`;
  const doc = html.replace('<head>', `<head>\n${policy}`);
  await page.addScriptTag({ content: HOST_SCRIPT });
  await page.evaluate((srcdoc) => (globalThis as unknown as Host).openView(srcdoc), doc);
}

/** The sizes the View asked the host for (ui/notifications/size-changed), oldest first. */
export const viewSizes = (page: Page): Promise<Array<{ width?: number; height?: number }>> =>
  page.evaluate(
    () => (globalThis as unknown as { viewSizes: Array<{ width?: number; height?: number }> }).viewSizes,
  );

/** What a host does after a tool call whose tool declares the View: input, then the result. */
export async function pushToolResult(
  page: Page,
  args: Record<string, unknown>,
  result: CallToolResult,
): Promise<void> {
  await page.evaluate(({ a, r }) => (globalThis as unknown as Host).pushResult(a, r), { a: args, r: result });
}
