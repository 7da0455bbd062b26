/** fast-check generators for the safety fuzz tests: commands, execute chains, executors, configs. */
import fc from 'fast-check';
import type { ExecutorPosition } from '../../src/commands/block-write.js';
import type { Box } from '../../src/vocabulary/blocks/box.js';
import { BUILDING_COMMANDS, type SafetyConfig, SafetyConfigSchema } from '../../src/safety/config.js';

export const DENIED = [
  'op',
  'deop',
  'stop',
  'reload',
  'ban',
  'ban-ip',
  'banlist',
  'pardon',
  'pardon-ip',
  'whitelist',
  'save-all',
  'save-on',
  'save-off',
  'kick',
  'debug',
  'perf',
  'jfr',
  'transfer',
];
export const ZONE: Box = { min: { x: 0, y: 0, z: 0 }, max: { x: 31, y: 127, z: 31 } };

const num = fc.oneof(fc.integer({ min: -80, max: 120 }), fc.double({ min: -80, max: 120, noNaN: true }));
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
// weighted towards the zone's edges and inside: with uniform values nearly every box crossed the border,
// and the fuzz tests' assertions (which run only for allowed commands) were reached by ~2% of cases
const worldComponent = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -2, max: 33 }).map(String) },
  fc.integer({ min: -40, max: 160 }).map(String),
  fc.constant('~'),
  num.map((n) => `~${fmt(n / 8)}`),
);
export const worldCoords = fc.tuple(worldComponent, worldComponent, worldComponent).map((c) => c.join(' '));
const localCoords = fc.tuple(num, num, num).map((c) => c.map((n) => `^${fmt(n / 8)}`).join(' '));
const coords = fc.oneof({ weight: 4, arbitrary: worldCoords }, { weight: 1, arbitrary: localCoords });
const selector = fc.constantFrom(
  '@s',
  '@a',
  '@p',
  '@e',
  '@e[type=zombie]',
  '@e[type=!player]',
  '@n',
  'Steve',
  '@a[name="a b"]',
);
const block = fc.constantFrom(
  'stone',
  'minecraft:oak_door[facing=north,half=lower]',
  'chest{Items:[]}',
  'air',
);
const dimension = fc.constantFrom('overworld', 'minecraft:the_nether', 'the_end');

const subcommand = fc.oneof(
  selector.map((s) => `as ${s}`),
  selector.map((s) => `at ${s}`),
  coords.map((c) => `positioned ${c}`),
  selector.map((s) => `positioned as ${s}`),
  fc.constant('positioned over world_surface'),
  fc.tuple(worldComponent, worldComponent).map(([a, b]) => `rotated ${a.replace(/^(-?\d+)$/, '$1')} ${b}`),
  selector.map((s) => `rotated as ${s}`),
  coords.map((c) => `facing ${c}`),
  fc.constantFrom(
    'align x',
    'align xz',
    'align xyz',
    'anchored eyes',
    'anchored feet',
    'on passengers',
    'summon pig',
  ),
  dimension.map((d) => `in ${d}`),
  selector.map((s) => `if entity ${s}`),
  coords.map((c) => `unless block ${c.replace(/\^/g, '~')} stone`),
);

export const write = fc.oneof(
  fc.tuple(coords, block).map(([c, b]) => `setblock ${c} ${b}`),
  fc
    .tuple(coords, coords, block, fc.constantFrom('', ' hollow', ' outline', ' replace air'))
    .map(([a, b, k, m]) => `fill ${a} ${b} ${k}${m}`),
  fc
    .tuple(coords, coords, coords, fc.constantFrom('', ' masked move', ' replace force'))
    .map(([a, b, d, m]) => `clone ${a} ${b} ${d}${m}`),
  fc
    .tuple(dimension, coords, coords, coords)
    .map(([dim, a, b, d]) => `clone from ${dim} ${a} ${b} to overworld ${d}`),
  fc.tuple(fc.constantFrom('zombie', 'pig'), coords).map(([e, c]) => `summon ${e} ${c}`),
  fc.constantFrom('summon pig'),
  fc.tuple(selector, coords).map(([s, c]) => `tp ${s} ${c}`),
  worldCoords.map((c) => `tp ${c}`),
);

/** `execute <subs> run` repeated 0..4 times, sometimes `return run` too. */
export const chainPrefix = fc
  .array(
    fc.oneof(
      fc
        .array(subcommand, { maxLength: 4 })
        .map((subs) => `execute ${subs.join(' ')}${subs.length ? ' ' : ''}run `),
      fc.constant('return run '),
    ),
    { maxLength: 4 },
  )
  .map((parts) => parts.join(''));

export const executor: fc.Arbitrary<ExecutorPosition | undefined> = fc.option(
  fc.record({
    x: fc.double({ min: -20, max: 50, noNaN: true }),
    y: fc.double({ min: 0, max: 130, noNaN: true }),
    z: fc.double({ min: -20, max: 50, noNaN: true }),
    yaw: fc.double({ min: -180, max: 180, noNaN: true }),
    pitch: fc.double({ min: -90, max: 90, noNaN: true }),
    dimension: fc.constantFrom('minecraft:overworld', 'minecraft:the_nether'),
  }),
  { nil: undefined },
);

export const config: fc.Arbitrary<SafetyConfig> = fc
  .record({
    allowUnsafe: fc.boolean(),
    onRefusal: fc.constantFrom('block_batch' as const, 'skip_command' as const),
    // even an operator who allows the denied commands cannot unlock them
    allowDenied: fc.boolean(),
  })
  .map(({ allowUnsafe, onRefusal, allowDenied }) =>
    SafetyConfigSchema.parse({
      allowUnsafe,
      onRefusal,
      allow: allowDenied ? [...BUILDING_COMMANDS, 'return', ...DENIED] : [...BUILDING_COMMANDS, 'return'],
      buildZone: [{ from: [0, 0, 0], to: [31, 127, 31], dimension: 'minecraft:overworld' }],
    }),
  );

export const printable = fc.string({ unit: 'binary', maxLength: 20 });
