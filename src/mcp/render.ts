/** Short human-readable text of a batch result, rendered from the structured object. */
import type { BatchResult } from '../results/schema.js';

const MAX_ROWS = 40;

export function renderBatchText(batch: BatchResult): string {
  const lines = [
    `${batch.appliedCount}/${batch.totalCommands} applied, ${batch.failedCount} failed, ${batch.unknownCount} unknown (${Math.round(batch.executionTimeMs)} ms, ${batch.captureStrategy} capture)`,
    batch.hint,
  ];
  const notable = batch.results.filter((r) => r.status !== 'applied');
  const shown = (notable.length ? notable : batch.results).slice(0, MAX_ROWS);
  for (const r of shown) lines.push(`#${r.index + 1} ${r.status}: ${r.summary}`);
  const hidden = (notable.length ? notable : batch.results).length - shown.length;
  if (hidden > 0) lines.push(`… ${hidden} more in structuredContent.results`);
  return lines.join('\n');
}
