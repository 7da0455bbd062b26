/** Short human-readable text of a batch result, rendered from the structured object. */
import { positionLines, rollbackHeadline, undoLine } from '../execute/truth-text.js';
import type { BatchResult } from '../results/schema.js';

const MAX_ROWS = 40;

export function renderBatchText(batch: BatchResult): string {
  const headline = rollbackHeadline(batch);
  const lines = [
    ...(headline ? [headline] : []),
    `${batch.appliedCount}/${batch.totalCommands} applied, ${batch.rolledBackCount ? `${batch.rolledBackCount} rolled back, ` : ''}${batch.failedCount} failed, ${batch.unknownCount} unknown (${Math.round(batch.executionTimeMs)} ms, ${batch.captureStrategy} capture)`,
    ...(headline ? [] : [batch.hint]),
    ...positionLines(batch),
  ];
  const undo = undoLine(batch);
  if (undo) lines.push(undo);
  const notable = batch.results.filter((r) => r.status !== 'applied');
  const shown = (notable.length ? notable : batch.results).slice(0, MAX_ROWS);
  for (const r of shown) lines.push(`#${r.index + 1} ${r.status}: ${r.summary}`);
  const hidden = (notable.length ? notable : batch.results).length - shown.length;
  if (hidden > 0) lines.push(`… ${hidden} more in structuredContent.results`);
  return lines.join('\n');
}
