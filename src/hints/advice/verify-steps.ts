/** `verify_blocks` steps: read back exactly the boxes written, unless automatic verification confirmed them. */
import type { Box } from '../../vocabulary/blocks/box.js';
import type { HintEntry, TouchedBox } from '../context.js';
import { boundingBox, containsBox, formatBox, volume } from '../geometry.js';
import type { NextStep } from '../../results/action-hints.js';

/** More boxes than this are read as one bounding box (when small enough) or only the first few. */
export const MAX_VERIFY_BOXES = 3;
/** A bounding box bigger than this is not suggested; the separate boxes are. */
export const MAX_VERIFY_VOLUME = 32_768;

const RELEVANCE = { mismatch: 0.9, uncertain: 0.85, unloaded: 0.65, applied: 0.6 } as const;

const why = (t: TouchedBox): keyof typeof RELEVANCE => {
  if (t.verification === 'mismatch') return 'mismatch';
  if (t.status === 'uncertain') return 'uncertain';
  if (t.verification === 'unloaded') return 'unloaded';
  return 'applied';
};

const WORDS: Record<keyof typeof RELEVANCE, string> = {
  mismatch:
    'automatic verification found blocks that differ from what was asked: read the area and resend what differs',
  uncertain:
    'the server gave no answer, so the blocks may or may not have changed: read the area before resending',
  unloaded: 'could not be verified (not loaded around the bot): move the bot close, then read the area',
  applied: 'read the area back to confirm the blocks',
};

interface Item {
  box: Box;
  reason: keyof typeof RELEVANCE;
  commands: number[];
}

export const verifySteps = (
  touched: readonly TouchedBox[],
  entries: readonly HintEntry[],
  target?: string,
): NextStep[] => {
  const items: Item[] = [];
  const open = touched.filter((t) => t.verification !== 'verified');
  // thousands of writes: one bounding box per reason instead of pairwise containment (quadratic)
  if (open.length > MANY_BOXES) return manyBoxSteps(open, entries, target);
  for (const t of open) {
    const reason = why(t);
    const index = entries[t.entry]?.result.index ?? t.entry;
    const same = items.find((i) => containsBox(i.box, t.box) && i.reason === reason);
    if (same) {
      if (!same.commands.includes(index)) same.commands.push(index);
      continue;
    }
    // a box this one contains (same reason) is read with it
    for (let k = items.length - 1; k >= 0; k--) {
      const inner = items[k];
      if (inner && inner.reason === reason && containsBox(t.box, inner.box)) items.splice(k, 1);
    }
    items.push({ box: t.box, reason, commands: [index] });
  }
  if (items.length === 0) return [];
  items.sort((a, b) => RELEVANCE[b.reason] - RELEVANCE[a.reason]);
  if (items.length > MAX_VERIFY_BOXES) {
    const all = boundingBox(items.map((i) => i.box));
    const top = items[0];
    if (all && top && volume(all) <= MAX_VERIFY_VOLUME) {
      const commands = [...new Set(items.flatMap((i) => i.commands))].sort((a, b) => a - b);
      return [toStep({ box: all, reason: top.reason, commands }, target)];
    }
  }
  return items.slice(0, MAX_VERIFY_BOXES).map((i) => toStep(i, target));
};

/** Above this many unverified boxes, boxes are merged per reason without pairwise checks. */
const MANY_BOXES = 64;

const manyBoxSteps = (
  open: readonly TouchedBox[],
  entries: readonly HintEntry[],
  target?: string,
): NextStep[] => {
  const byReason = new Map<keyof typeof RELEVANCE, { boxes: Box[]; commands: Set<number> }>();
  for (const t of open) {
    const reason = why(t);
    const group = byReason.get(reason) ?? { boxes: [], commands: new Set<number>() };
    group.boxes.push(t.box);
    group.commands.add(entries[t.entry]?.result.index ?? t.entry);
    byReason.set(reason, group);
  }
  return [...byReason]
    .sort(([a], [b]) => RELEVANCE[b] - RELEVANCE[a])
    .slice(0, MAX_VERIFY_BOXES)
    .flatMap(([reason, group]) => {
      const box = boundingBox(group.boxes);
      return box ? [toStep({ box, reason, commands: [...group.commands] }, target)] : [];
    });
};

const toStep = (item: Item, target?: string): NextStep => {
  const list = item.commands.sort((a, b) => a - b).map((n) => `#${n + 1}`);
  const shown = list.length > 4 ? `${list.slice(0, 4).join(', ')}…` : list.join(', ');
  return {
    action: 'verify_blocks',
    description: `${formatBox(item.box)} (command${list.length > 1 ? 's' : ''} ${shown}): ${WORDS[item.reason]}.`,
    relevance: RELEVANCE[item.reason],
    optional: item.reason === 'applied' || item.reason === 'unloaded',
    suggestedTool: 'get_blocks_in_area',
    suggestedArgs: {
      from: { ...item.box.min },
      to: { ...item.box.max },
      ...(target === undefined ? {} : { target }),
    },
  };
};
