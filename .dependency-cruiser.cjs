// The house rules of src/ (docs/architecture.md draws them). `npm run check` runs them; CI fails on a
// back-edge. The floors, from the ground up, are in docs/architecture-floors.json: a folder imports only
// folders on lower floors, never a neighbour on its own floor nor a folder above it.
const FLOORS = require('./docs/architecture-floors.json');

const folder = (names) => `^src/(${names.join('|')})/`;

/** One rule per floor: nothing on it imports a folder on a higher floor. */
const floorRules = FLOORS.slice(0, -1).map((floor, i) => ({
  name: `floor-${i}-imports-upward`,
  comment: `${floor.join(', ')} (floor ${i}) may import only floors 0–${i}: not ${FLOORS.slice(i + 1)
    .flat()
    .join(', ')}`,
  severity: 'error',
  from: { path: folder(floor) },
  to: { path: folder(FLOORS.slice(i + 1).flat()) },
}));

/** Folders on one floor do not import each other (each stands on the floors below it). */
const sideRules = FLOORS.filter((floor) => floor.length > 1).flatMap((floor) =>
  floor.map((name) => ({
    name: `${name}-imports-a-neighbour`,
    comment: `${name} shares its floor with ${floor.filter((n) => n !== name).join(', ')}: it may not import them`,
    severity: 'error',
    from: { path: folder([name]) },
    to: { path: folder(floor.filter((n) => n !== name)) },
  })),
);

module.exports = {
  forbidden: [
    ...floorRules,
    ...sideRules,
    {
      name: 'world-behind-one-door',
      comment:
        'the embedded world is a product of its own: from src/ only the connection factory and the CLI start it, through src/world/index.ts',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(world/|connection/factories\\.ts$|cli/|index\\.ts$)' },
      to: { path: '^src/world/' },
    },
    {
      name: 'world-face-only',
      comment: 'callers of the embedded world use its face, src/world/index.ts, not its rooms',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/world/' },
      to: { path: '^src/world/', pathNot: '^src/world/index\\.ts$' },
    },
    {
      name: 'world-imports-only-the-ground-floor',
      comment: 'src/world imports nothing of the command path: only src/vocabulary (and packages)',
      severity: 'error',
      from: { path: '^src/world/' },
      to: { path: '^src/', pathNot: '^src/(world|vocabulary)/' },
    },
    {
      name: 'sdk-only-at-the-top',
      comment:
        'the core is usable as a library: only src/mcp and src/cli (and the library entry) import the MCP SDK',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(mcp/|cli/|index\\.ts$)' },
      to: { path: '@modelcontextprotocol/' },
    },
    {
      name: 'no-circular',
      comment:
        'files that import each other are one idea cut in half: merge them, or move the shared piece down',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'an import that resolves to nothing',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/|^node_modules/@modelcontextprotocol/sdk',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
