import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { coveredBy, regionsOfWrite } from '../../src/commands/block-box.js';
import type { Box, ExecutorPosition } from '../../src/commands/block-write.js';
import { parseCommand } from '../../src/commands/parse.js';
import { checkBatch } from '../../src/safety/check.js';
import { BUILDING_COMMANDS, type SafetyConfig, SafetyConfigSchema } from '../../src/safety/config.js';

const DENIED = [
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
const ZONE: Box = { min: { x: 0, y: 0, z: 0 }, max: { x: 31, y: 127, z: 31 } };

// --- generators -------------------------------------------------------------------------------------

const num = fc.oneof(fc.integer({ min: -80, max: 120 }), fc.double({ min: -80, max: 120, noNaN: true }));
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
const worldComponent = fc.oneof(
  fc.integer({ min: -40, max: 160 }).map(String),
  fc.constant('~'),
  num.map((n) => `~${fmt(n / 8)}`),
);
const worldCoords = fc.tuple(worldComponent, worldComponent, worldComponent).map((c) => c.join(' '));
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

const write = fc.oneof(
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
const chainPrefix = fc
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

const executor: fc.Arbitrary<ExecutorPosition | undefined> = fc.option(
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

const config: fc.Arbitrary<SafetyConfig> = fc
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

const printable = fc.string({ unit: 'binary', maxLength: 20 });

// --- properties -------------------------------------------------------------------------------------

describe('fuzzing', () => {
  test('the parser never throws, whatever the text', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.tuple(chainPrefix, write, printable).map(([p, w, tail]) => p + w + tail),
      fc.tuple(chainPrefix, write, fc.nat(), printable).map(([p, w, at, junk]) => {
        const s = p + w;
        const i = at % (s.length + 1);
        return s.slice(0, i) + junk + s.slice(i);
      }),
    );
    fc.assert(
      fc.property(text, executor, (t, ex) => {
        const parsed = parseCommand(t, ex);
        expect(typeof parsed.name).toBe('string');
        if (!parsed.ok) expect(parsed.error.position).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 3000 },
    );
  });

  test('deep execute nesting parses without blowing the stack', () => {
    const deep = `${'execute as @s at @s run '.repeat(1300)}setblock ~ ~ ~ stone`;
    expect(deep.length).toBeLessThan(32_767);
    expect(parseCommand(deep).invokes).toHaveLength(1301);
  });

  test('no denied command passes, under any validate_safety and any config', () => {
    const denied = fc
      .tuple(
        fc.constantFrom('', '/'),
        chainPrefix,
        fc.constantFrom(...DENIED),
        fc.constantFrom('', 'minecraft:', 'Minecraft:', 'bukkit:'),
        fc.boolean(),
        printable,
      )
      .map(([slash, prefix, name, ns, upper, args]) => {
        const n = upper ? name.toUpperCase() : name;
        return `${slash}${prefix}${ns}${n}${args === '' ? '' : ` ${args}`}`;
      });
    fc.assert(
      fc.property(denied, config, fc.boolean(), executor, (command, cfg, validateSafety, ex) => {
        const opts = { config: cfg, validateSafety, version: '1.21.4' };
        const result = checkBatch([command], ex === undefined ? opts : { ...opts, executor: ex });
        expect(result.verdicts[0]?.allowed).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  test('no block write, summon or teleport outside the zone passes (checked against the parse)', () => {
    fc.assert(
      fc.property(
        chainPrefix,
        write,
        config,
        fc.boolean(),
        executor,
        (prefix, w, cfg, validateSafety, ex) => {
          const command = prefix + w;
          const opts = { config: cfg, validateSafety, version: '1.21.4' };
          const verdict = checkBatch([command], ex === undefined ? opts : { ...opts, executor: ex })
            .verdicts[0];
          // the operator's allowUnsafe plus the LLM's validate_safety false is the one way around the zone
          if (!verdict?.allowed || (cfg.allowUnsafe && !validateSafety)) return;
          const parsed = parseCommand(command, ex);
          expect(parsed.ok).toBe(true);
          expect(parsed.unresolved).toBe(false);
          for (const bw of parsed.blockWrites) {
            for (const r of regionsOfWrite(bw)) {
              expect(r.dimension).toBe('minecraft:overworld');
              expect(coveredBy(r.box, [ZONE])).toBe(true);
            }
          }
          for (const p of parsed.positionWrites) {
            expect(p.pos).toBeDefined();
            const at = {
              x: Math.floor(p.pos?.x ?? Number.NaN),
              y: Math.floor(p.pos?.y ?? 0),
              z: Math.floor(p.pos?.z ?? 0),
            };
            expect(coveredBy({ min: at, max: at }, [ZONE])).toBe(true);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  test('no fill outside the zone passes (positions computed independently of the parser)', () => {
    const axis = fc.tuple(
      fc.boolean(),
      fc.integer({ min: -40, max: 160 }),
      fc.double({ min: -4, max: 4, noNaN: true }),
    );
    fc.assert(
      fc.property(
        fc.array(axis, { minLength: 6, maxLength: 6 }),
        fc.option(
          fc.tuple(
            fc.integer({ min: -10, max: 40 }),
            fc.integer({ min: -10, max: 140 }),
            fc.integer({ min: -10, max: 40 }),
          ),
        ),
        executor,
        (axes, positioned, ex) => {
          const origin = positioned
            ? { x: positioned[0] + 0.5, y: positioned[1], z: positioned[2] + 0.5 }
            : ex && { x: ex.x, y: ex.y, z: ex.z };
          const base = [origin?.x, origin?.y, origin?.z, origin?.x, origin?.y, origin?.z];
          const text = axes.map(([rel, abs, off]) => (rel ? `~${off.toFixed(3)}` : String(abs)));
          const expected = axes.map(([rel, abs, off], i) =>
            rel ? Math.floor((base[i] ?? Number.NaN) + Number(off.toFixed(3))) : abs,
          );
          const prefix = positioned ? `execute positioned ${positioned.join(' ')} run ` : '';
          const command = `${prefix}fill ${text.slice(0, 3).join(' ')} ${text.slice(3).join(' ')} glass`;
          const opts = {
            config: SafetyConfigSchema.parse({ buildZone: [{ from: [0, 0, 0], to: [31, 127, 31] }] }),
            validateSafety: true,
            version: '1.21.4',
          };
          const verdict = checkBatch([command], ex === undefined ? opts : { ...opts, executor: ex })
            .verdicts[0];
          const inside = expected.every(
            (v, i) => !Number.isNaN(v) && v >= 0 && v <= (i % 3 === 1 ? 127 : 31),
          );
          const small = expected.every((v) => !Number.isNaN(v));
          if (verdict?.allowed) expect(inside && small).toBe(true);
          if (inside && verdict?.rule === 'build_zone')
            expect.unreachable(`${command} refused though inside`);
        },
      ),
      { numRuns: 3000 },
    );
  });

  test('performance of checking 1,000 commands (printed, not asserted)', () => {
    const commands = fc.sample(
      fc.tuple(chainPrefix, write).map(([p, w]) => p + w),
      { numRuns: 1000, seed: 42 },
    );
    const cfg = SafetyConfigSchema.parse({
      buildZone: [{ from: [0, 0, 0], to: [31, 127, 31] }],
      onRefusal: 'skip_command',
    });
    const ex = { x: 5, y: 64, z: 5, yaw: 0, pitch: 0, dimension: 'minecraft:overworld' };
    checkBatch(commands, { config: cfg, validateSafety: true, executor: ex, version: '1.21.4' });
    const start = performance.now();
    const result = checkBatch(commands, {
      config: cfg,
      validateSafety: true,
      executor: ex,
      version: '1.21.4',
    });
    const ms = performance.now() - start;
    const allowed = result.verdicts.filter((v) => v.allowed).length;
    console.log(
      `safety: checked ${commands.length} commands in ${ms.toFixed(1)} ms (${((ms * 1000) / commands.length).toFixed(1)} µs each; ${allowed} allowed)`,
    );
    expect(result.verdicts).toHaveLength(1000);
  });
});
