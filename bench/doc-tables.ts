/**
 * The bench writes what it measured into docs/performance.md, between `<!-- bench:NAME:begin -->` and
 * `<!-- bench:NAME:end -->`, so that the doc's figures are always one run's, with the run's date and machine.
 * The prose around the markers is written by hand and left as it is.
 */
import { cpus, loadavg } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';

export const PERFORMANCE_DOC = new URL('../docs/performance.md', import.meta.url);

export const markers = (name: string) =>
  [`<!-- bench:${name}:begin -->`, `<!-- bench:${name}:end -->`] as const;

/**
 * Where and when: date, cores, processor, Node, and the load average (other work on a shared machine), with a
 * warning when the machine was busier than its cores and `MCBRIDGE_BENCH_NOTE` (what else was running) if set.
 */
export function machineLine(loadAtStart: number, loadAtEnd = loadavg()[0]!): string {
  const cpu = cpus();
  const busy = Math.max(loadAtStart, loadAtEnd) > cpu.length;
  const note = process.env['MCBRIDGE_BENCH_NOTE']?.trim();
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu.length} cores ` +
      `(${cpu[0]?.model.trim() ?? 'unknown processor'}), Node ${process.version}, ` +
      `load average ${loadAtStart.toFixed(1)} at the start and ${loadAtEnd.toFixed(1)} at the end.`,
    ...(busy
      ? [
          'The machine was busy with other work (load above its core count): absolute rates and times are ' +
            'lower than on an idle machine; ratios within the run are steadier.',
        ]
      : []),
    ...(note ? [`Also running: ${note}`] : []),
  ].join(' ');
}

export function figuresTable(figures: ReadonlyArray<readonly [string, string]>): string {
  const cell = (s: string) => s.replaceAll('|', '\\|');
  return ['| figure | value |', '|---|---|', ...figures.map(([k, v]) => `| ${cell(k)} | ${cell(v)} |`)].join(
    '\n',
  );
}

/** `text` with what stands between the markers named `name` replaced by `content`. */
export function replaceBetweenMarkers(text: string, name: string, content: string): string {
  const [begin, end] = markers(name);
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/performance.md has no ${begin} … ${end}`);
  return `${text.slice(0, from + begin.length)}\n${content}\n${text.slice(to)}`;
}

export function writeFigures(
  name: string,
  figures: ReadonlyArray<readonly [string, string]>,
  loadAtStart: number,
  file: URL = PERFORMANCE_DOC,
): void {
  const content = `${machineLine(loadAtStart)}\n\n${figuresTable(figures)}`;
  writeFileSync(file, replaceBetweenMarkers(readFileSync(file, 'utf8'), name, content));
  process.stderr.write(`bench: wrote the ${name} figures into ${file.pathname}\n`);
}
