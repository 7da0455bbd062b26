// The desktop bundle's entry point (server/index.mjs inside mcbridge.mcpb, copied there by scripts/mcpb.ts).
// A desktop host starts it with the manifest's mcp_config, its user_config filled in as `--name=value`
// arguments; a manifest can only substitute values, not add or leave out a flag, so this turns them into
// `mcbridge serve`'s own flags: `--embedded` for the built-in world, else --host, --port, --username and --auth.
import { fileURLToPath } from 'node:url';

const given = new Map(
  process.argv.slice(2).map((arg) => {
    const at = arg.indexOf('=');
    return at < 0 ? [arg.replace(/^--/, ''), ''] : [arg.slice(2, at), arg.slice(at + 1)];
  }),
);
const value = (name) => given.get(name)?.trim() ?? '';
const yes = (name) => value(name) === 'true';

const serve = ['serve'];
if (yes('embedded')) serve.push('--embedded');
else {
  if (value('host')) serve.push('--host', value('host'));
  if (value('port')) serve.push('--port', value('port'));
  if (yes('microsoft_sign_in')) serve.push('--auth', 'microsoft');
}
if (value('username')) serve.push('--username', value('username'));

const main = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
process.argv = [process.argv[0], main, ...serve];
await import(main);
