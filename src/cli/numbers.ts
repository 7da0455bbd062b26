/** Parsers for the numeric options: a typo is a usage error (exit 2), never a NaN that travels on. */
import { InvalidArgumentError } from 'commander';

function wholeNumber(expected: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`expected ${expected}`);
    return n;
  };
}

export const milliseconds = wholeNumber('a positive whole number of milliseconds', 1);
export const days = wholeNumber('a positive whole number of days', 1);
/** a port to connect to */
export const port = wholeNumber('a port number from 1 to 65535', 1, 65535);
/** a port to listen on; 0 picks any free port */
export const listenPort = wholeNumber('a port number from 0 to 65535 (0 = any free port)', 0, 65535);
export const minutes = wholeNumber('a positive whole number of minutes', 1);
export const count = wholeNumber('a positive whole number', 1);
