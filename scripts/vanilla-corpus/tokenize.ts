/** Java source → tokens (string literals, identifiers, punctuation), skipping comments: enough for scan-java.ts. */
export type Token =
  | { t: 'str'; v: string; line: number }
  | { t: 'id'; v: string; line: number }
  | { t: 'p'; v: string; line: number };

export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let line = 1;
  for (let i = 0; i < src.length;) {
    const c = src[i] as string;
    if (c === '\n') line++;
    if (/\s/.test(c)) {
      i++;
    } else if (src.startsWith('//', i)) {
      i = src.indexOf('\n', i) === -1 ? src.length : src.indexOf('\n', i);
    } else if (src.startsWith('/*', i)) {
      const end = src.indexOf('*/', i + 2);
      const stop = end === -1 ? src.length : end + 2;
      line += (src.slice(i, stop).match(/\n/g) ?? []).length;
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      let v = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\') v += src[j++];
        v += src[j++];
      }
      if (c === '"') out.push({ t: 'str', v, line });
      else out.push({ t: 'p', v: 'char', line });
      i = j + 1;
    } else if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z0-9_$]+/.exec(src.slice(i, i + 200)) as RegExpExecArray;
      out.push({ t: 'id', v: m[0], line });
      i += m[0].length;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9A-Za-z_.]+/.exec(src.slice(i, i + 60)) as RegExpExecArray;
      out.push({ t: 'p', v: 'num', line });
      i += m[0].length;
    } else {
      out.push({ t: 'p', v: c, line });
      i++;
    }
  }
  return out;
}
