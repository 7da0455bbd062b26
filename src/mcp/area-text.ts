/**
 * The text of `get_blocks_in_area`: every layer with its coordinates on the rows (z) and a ruler over the
 * columns (x), and runs one per line with their position and block — what a model reads when its client
 * shows only text.
 */
import type { EncodedArea } from '../world-view/encode.js';

/** runs listed in the text at most; structuredContent.runs has them all */
export const MAX_RUN_LINES = 500;

/** the last digit of each x, one per cell, so a column can be read off without counting */
const ruler = (from: number, count: number, cellWidth: number) =>
  Array.from({ length: count }, (_, i) => String(Math.abs(from + i) % 10).padEnd(cellWidth)).join('');

function layerText(area: EncodedArea): string {
  const zs = area.size.z;
  const label = (z: number) => `z=${z}`;
  const width = Math.max(...Array.from({ length: zs }, (_, i) => label(area.from.z + i).length));
  const pad = ' '.repeat(width + 1);
  return (area.layers ?? [])
    .map((l) => {
      const rows = l.rows.map((row, i) => `${label(area.from.z + i).padEnd(width)} ${row}`);
      return [
        `y=${l.y}   (rows: z ${area.from.z}…${area.to.z}, north first; columns: x ${area.from.x}…${area.to.x}, west first)`,
        `${pad}${ruler(area.from.x, area.size.x, area.cellWidth)}   ← last digit of x`,
        ...rows,
      ].join('\n');
    })
    .join('\n\n');
}

function runsText(area: EncodedArea): string {
  const runs = area.runs ?? [];
  const lines = runs.slice(0, MAX_RUN_LINES).map((r) => {
    const xs = r.length === 1 ? `x=${r.x}` : `x=${r.x}…${r.x + r.length - 1}`;
    return `y=${r.y} z=${r.z} ${xs}: ${area.palette[r.block] ?? r.block}`;
  });
  if (runs.length > MAX_RUN_LINES)
    lines.push(`… ${runs.length - MAX_RUN_LINES} more runs in structuredContent.runs`);
  return [`${runs.length} runs along +x (positions in no run are air):`, ...lines].join('\n');
}

export function renderAreaText(area: EncodedArea): string {
  const head = `${area.size.x}×${area.size.y}×${area.size.z} blocks from ${area.from.x} ${area.from.y} ${area.from.z} to ${area.to.x} ${area.to.y} ${area.to.z}`;
  const unloaded = area.unloaded?.length
    ? `\nunloaded: ${area.unloaded.length} box(es) — move the bot closer and read again`
    : '';
  if (area.format === 'runs') return `${head}${unloaded}\n\n${runsText(area)}`;
  const palette = Object.entries(area.palette)
    .map(([k, v]) => `${k} = ${v}`)
    .join('\n');
  return `${head}${unloaded}\n${palette}\n\n${layerText(area)}`;
}
