/**
 * formatFixed is Java's String.format(Locale.ROOT, "%f" / "%.2f", double), which vanilla uses for tp's
 * coordinates. Every expected string below was printed by Java 17's String.format on this machine
 * (vanilla runs Java 21: same HALF_UP rounding of the shortest decimal digits). Rows where JavaScript's
 * toFixed answers differently are the regression: tp printed toFixed's digits before.
 */
import { describe, expect, test } from 'vitest';
import { formatFixed } from '../../src/world/parity/java-format.js';

// [value, Java "%f", Java "%.2f"]
const JAVA: Array<[number, string, string]> = [
  [0.0000005, '0.000001', '0.00'],
  [-0.0, '-0.000000', '-0.00'],
  [0.0, '0.000000', '0.00'],
  [2.5e-7, '0.000000', '0.00'],
  [1e7, '10000000.000000', '10000000.00'],
  [1.0000005, '1.000001', '1.00'],
  [-0.0000005, '-0.000001', '-0.00'],
  [-1e-7, '-0.000000', '-0.00'],
  [0.1234565, '0.123457', '0.12'],
  [1e21, '1000000000000000000000.000000', '1000000000000000000000.00'],
  [123456.7890125, '123456.789013', '123456.79'],
  [29999999.5, '29999999.500000', '29999999.50'],
  [-29999999.4999995, '-29999999.500000', '-29999999.50'],
  [0.30000000000000004, '0.300000', '0.30'],
  [1.5e-323, '0.000000', '0.00'],
  [0.0123456789, '0.012346', '0.01'],
  [-60, '-60.000000', '-60.00'],
  [20.5, '20.500000', '20.50'],
  [0.9999995, '1.000000', '1.00'],
  [9.9999995, '10.000000', '10.00'],
];

describe('formatFixed matches Java’s %f', () => {
  test.each(JAVA)('%s → %s (%%.2f: %s)', (value, six, two) => {
    expect(formatFixed(value)).toBe(six);
    expect(formatFixed(value, 2)).toBe(two);
  });

  test('differs from toFixed where Java does: half-up on the shortest digits, the sign of -0, no exponent', () => {
    expect((0.0000005).toFixed(6)).not.toBe(formatFixed(0.0000005));
    expect((0.1234565).toFixed(6)).not.toBe(formatFixed(0.1234565));
    expect((-0).toFixed(6)).not.toBe(formatFixed(-0));
    expect((1e21).toFixed(6)).not.toBe(formatFixed(1e21));
  });

  test('NaN and infinities as Java prints them', () => {
    expect(formatFixed(Number.NaN)).toBe('NaN');
    expect(formatFixed(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(formatFixed(Number.NEGATIVE_INFINITY)).toBe('-Infinity');
  });
});
