/**
 * The registry names a mistyped one most likely meant: first the slips people (and models) make —
 * singular for plural (`spruce_plank`), a dropped or doubled letter — then plain edit distance.
 */

export const editDistance = (a: string, b: string): number => {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
};

/** Spellings of `word` that differ by a known slip, most likely first. */
export const slips = (word: string): string[] => [
  `${word}s`,
  `${word}es`,
  word.replace(/s$/, ''),
  word.replace(/es$/, ''),
  word.replace(/_block$/, ''),
  `${word}_block`,
  word.replace(/^block_of_/, '') + '_block',
];

/**
 * Up to `max` names closest to `wrong`: a known slip alone when there is one, else by edit distance within a third of the
 * word's length (at least 2 edits), ties by name — nonsense gets no guesses.
 */
export function nearest(wrong: string, names: readonly string[], max = 3): string[] {
  // a batch often repeats one typo hundreds of times, and each scan measures ~1,000 names; "did you mean"
  // and the hints ask for different counts of the same word: one scan of SCAN_MAX serves both
  let cache = caches.get(names);
  if (!cache) caches.set(names, (cache = new Map()));
  const scanMax = Math.max(max, SCAN_MAX);
  const key = `${scanMax} ${wrong}`;
  let found = cache.get(key);
  if (!found) {
    found = scan(wrong, names, scanMax);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, found);
  }
  return max >= found.length ? found : found.slice(0, max);
}

const SCAN_MAX = 5;
const CACHE_SIZE = 256;
const caches = new WeakMap<readonly string[], Map<string, string[]>>();

function scan(wrong: string, names: readonly string[], max: number): string[] {
  const word = wrong.toLowerCase();
  const known = new Set(names);
  const out = slips(word).filter((s) => s !== word && known.has(s));
  // a known slip is the answer; other near names would only distract
  if (out.length) return [...new Set(out)].slice(0, max);
  const limit = Math.max(2, Math.ceil(word.length / 3));
  // names whose length alone puts them over the limit need no distance (most of a registry)
  const close = names
    .filter((name) => Math.abs(name.length - word.length) <= limit)
    .map((name) => ({ name, d: editDistance(word, name) }))
    .filter((c) => c.d > 0 && c.d <= limit)
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .map((c) => c.name);
  return close.slice(0, max);
}
