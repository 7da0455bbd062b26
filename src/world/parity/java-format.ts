/**
 * Java's `String.format(Locale.ROOT, "%.<n>f", double)` (java.util.Formatter, DECIMAL_FLOAT): the digits
 * of the double's shortest decimal form (Double.toString's digits, FormattedFloatingDecimal), rounded
 * HALF_UP to n places, with the sign of negative values and of -0.0 kept ("-0.000000").
 * This is not JavaScript's toFixed, which rounds the exact binary value: 1.0000005 is "1.000000" there
 * and "1.000001" in Java; -0 loses its sign; 1e21 turns exponential.
 * Checked against Java 17's String.format here (vanilla 1.21.4 runs on Java 21, same rounding rule).
 */

/** the shortest decimal digits of a finite, non-negative double and the position of its decimal point */
function shortestDigits(abs: number): { digits: string; point: number } {
  // toExponential() without an argument gives the shortest digits that round-trip, like Double.toString
  const [mantissa = '0', exponent = '0'] = abs.toExponential().split('e');
  const digits = mantissa.replace('.', '');
  return { digits, point: Number(exponent) + 1 };
}

export function formatFixed(d: number, precision = 6): string {
  if (Number.isNaN(d)) return 'NaN';
  const negative = d < 0 || Object.is(d, -0);
  const sign = negative ? '-' : '';
  if (!Number.isFinite(d)) return `${sign}Infinity`;
  const { digits, point } = shortestDigits(Math.abs(d));
  // value × 10^precision = digits × 10^shift
  const shift = point - digits.length + precision;
  let scaled: bigint;
  if (shift >= 0) scaled = BigInt(digits) * 10n ** BigInt(shift);
  else {
    const divisor = 10n ** BigInt(-shift);
    const whole = BigInt(digits);
    scaled = whole / divisor;
    if ((whole % divisor) * 2n >= divisor) scaled += 1n;
  }
  if (precision === 0) return `${sign}${scaled}`;
  const text = scaled.toString().padStart(precision + 1, '0');
  return `${sign}${text.slice(0, -precision)}.${text.slice(-precision)}`;
}
