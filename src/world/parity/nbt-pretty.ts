/**
 * NbtUtils.toPrettyComponent: the coloured SNBT text vanilla 1.21.4 puts in `data get` feedback
 * (net/minecraft/nbt/TextComponentTagVisitor.java with no indentation): keys aqua, strings green,
 * numbers gold with a red type suffix, `, ` between elements; a compound's keys in Java HashMap order.
 */
import type { ComponentObject, TextComponent } from '../../vocabulary/text/message.js';
import { hashMapOrder } from './nbt-path-tags.js';
import type { Tag } from './snbt.js';

const SIMPLE = /^[A-Za-z0-9._+-]+$/;
const SUFFIX: Record<string, string> = { byte: 'b', short: 's', long: 'L', float: 'f', double: 'd' };

/** Java's Double/Float.toString for everyday values: always a decimal point */
const javaNumber = (n: number): string => (Number.isInteger(n) ? n.toFixed(1) : String(n));

/** StringTag.quoteAndEscape */
function quote(s: string): string {
  const q = s.includes('"') && !s.includes("'") ? "'" : '"';
  return q + s.replace(/\\/g, '\\\\').replace(new RegExp(q, 'g'), `\\${q}`) + q;
}

function number(tag: Tag, out: TextComponent[]): void {
  const value =
    tag.type === 'float' || tag.type === 'double' ? javaNumber(tag.value as number) : String(tag.value);
  out.push({ text: value, color: 'gold' });
  const suffix = SUFFIX[tag.type];
  if (suffix) out.push({ text: suffix, color: 'red' });
}

function visit(tag: Tag, out: TextComponent[]): void {
  switch (tag.type) {
    case 'string': {
      const quoted = quote(tag.value);
      out.push(quoted[0]!, { text: quoted.slice(1, -1), color: 'green' }, quoted[0]!);
      return;
    }
    case 'compound': {
      // CompoundTag is a HashMap: vanilla prints its keys in the map's iteration order
      const keys = hashMapOrder(Object.keys(tag.value));
      if (keys.length === 0) return void out.push('{}');
      out.push('{');
      keys.forEach((k, i) => {
        if (SIMPLE.test(k)) out.push({ text: k, color: 'aqua' });
        else {
          const q = quote(k);
          out.push({ text: q[0]!, extra: [{ text: q.slice(1, -1), color: 'aqua' }, q[0]!] });
        }
        out.push(': ');
        visit(tag.value[k]!, out);
        if (i < keys.length - 1) out.push(', ');
      });
      out.push('}');
      return;
    }
    case 'list': {
      const items = tag.value.value;
      if (items.length === 0) return void out.push('[]');
      out.push('[');
      items.forEach((v, i) => {
        if (i > 0) out.push(', ');
        visit({ type: tag.value.type, value: v } as Tag, out);
      });
      out.push(']');
      return;
    }
    case 'byteArray':
    case 'intArray':
    case 'longArray': {
      const letter = tag.type === 'byteArray' ? 'B' : tag.type === 'intArray' ? 'I' : 'L';
      out.push('[', { text: letter, color: 'red' }, ';');
      (tag.value as Array<number | bigint>).forEach((v, i) => {
        out.push(' ', { text: String(v), color: 'gold' });
        if (tag.type !== 'intArray') out.push({ text: letter, color: 'red' });
        if (i < tag.value.length - 1) out.push(',');
      });
      out.push(']');
      return;
    }
    default:
      number(tag, out);
  }
}

export function prettyNbt(tag: Tag): ComponentObject {
  const extra: TextComponent[] = [];
  visit(tag, extra);
  return { text: '', extra };
}
