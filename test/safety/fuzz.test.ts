import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { regionsOfWrite } from '../../src/commands/block-box.js';
import { coveredBy } from '../../src/vocabulary/blocks/box.js';
import { parseCommand } from '../../src/commands/parse.js';
import { checkBatch } from '../../src/safety/check.js';
import { SafetyConfigSchema } from '../../src/safety/config.js';
import { chainPrefix, config, DENIED, executor, printable, write, ZONE } from './generators.js';

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
    // cases that reach the assertions (allowed, and not the operator's explicit way around the zone)
    let checked = 0;
    let writesChecked = 0;
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
          checked++;
          const parsed = parseCommand(command, ex);
          writesChecked += parsed.blockWrites.length + parsed.positionWrites.length;
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
    console.info(`fuzz zone: ${checked} of 3000 cases allowed and checked, ${writesChecked} writes inside`);
    // a generator that only produced refusals would prove nothing
    expect(checked).toBeGreaterThan(100);
    expect(writesChecked).toBeGreaterThan(100);
  });

  test('no fill outside the zone passes (positions computed independently of the parser)', () => {
    let allowed = 0;
    let insideRefusedOtherwise = 0;
    const axis = fc.tuple(
      fc.boolean(),
      // mostly near and inside the zone, so that many fills are allowed and reach the assertion
      fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: -2, max: 33 }) },
        fc.integer({ min: -40, max: 160 }),
      ),
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
          if (verdict?.allowed) {
            allowed++;
            expect(inside && small).toBe(true);
          } else if (inside) insideRefusedOtherwise++;
          if (inside && verdict?.rule === 'build_zone')
            expect.unreachable(`${command} refused though inside`);
        },
      ),
      { numRuns: 3000 },
    );
    console.info(
      `fuzz fill: ${allowed} of 3000 fills allowed (each checked inside), ${insideRefusedOtherwise} inside but refused for another rule`,
    );
    expect(allowed).toBeGreaterThan(200);
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
