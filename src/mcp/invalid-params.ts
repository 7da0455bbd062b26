/**
 * Wrong tool arguments, told as one sentence per problem: which argument, what was expected, what came.
 *
 * Two shapes, as the MCP specification (2025-11-25 and 2026-07-28, "Error Handling" of tools) separates them:
 * - `arguments` that are not an object at all (42, true, [], "x") fail the `tools/call` request itself: a
 *   JSON-RPC error -32602 (invalid params), in one sentence.
 * - an object whose fields are wrong is an input validation error of the tool: a tool result with
 *   `isError: true` (the SDK's own choice, so that the model reads it and corrects the call), its text the
 *   SDK's `Input validation error: Invalid arguments for tool …:` and then one readable sentence per problem
 *   instead of Zod's messages. The sentences come in through the SDK's public validation hook: the input
 *   schema is a Standard Schema, and ours validates with them.
 */
import {
  type JSONRPCMessage,
  type McpServer,
  ProtocolErrorCode,
  type StandardSchemaWithJSON,
  type Transport,
} from '@modelcontextprotocol/server';
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

const kindOf = (v: unknown): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'a list'
      : typeof v === 'number'
        ? Number.isNaN(v)
          ? 'NaN'
          : 'a number'
        : typeof v === 'string'
          ? 'a string'
          : typeof v === 'boolean'
            ? `${v}`
            : typeof v === 'object'
              ? 'an object'
              : typeof v;

const EXPECTED: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  record: 'an object',
};

const pathOf = (path: readonly PropertyKey[]): string =>
  path.reduce<string>(
    (s, k) => (typeof k === 'number' ? `${s}[${k}]` : s === '' ? String(k) : `${s}.${String(k)}`),
    '',
  );

const valueAt = (root: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (v, k) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined),
    root,
  );

const clip = (s: string): string => (s.length > 60 ? `${s.slice(0, 57)}…` : s);

/** One sentence for one problem, naming the argument. */
export function describeIssue(issue: Issue, args: unknown): string {
  const name = issue.path.length ? `\`${pathOf(issue.path)}\`` : 'the arguments';
  const value = valueAt(args, issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      return value === undefined
        ? `${name} is missing: expected ${expected}.`
        : `${name} must be ${expected}, not ${kindOf(value)}.`;
    }
    case 'too_big':
    case 'too_small': {
      const most = issue.code === 'too_big';
      const bound = String(most ? issue.maximum : issue.minimum);
      const within =
        issue.inclusive === false ? (most ? 'less than' : 'more than') : most ? 'at most' : 'at least';
      if (issue.origin === 'string') return `${name} must have ${within} ${bound} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${name} must have ${within} ${bound} items.`;
      if (issue.origin === 'object') return `${name} must have ${within} ${bound} entries.`;
      return `${name} must be ${within} ${bound}, not ${clip(String(value))}.`;
    }
    case 'invalid_value':
      return `${name} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, not ${clip(JSON.stringify(value) ?? kindOf(value))}.`;
    case 'unrecognized_keys':
      return `${name} has unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.map((k) => `\`${k}\``).join(', ')}.`;
    case 'invalid_union': {
      const branches = issue.errors.filter((b) => b.length > 0);
      const types = branches.map((b) =>
        b.length === 1 && b[0]!.code === 'invalid_type' && b[0]!.path.length === 0
          ? b[0]!.expected
          : undefined,
      );
      // a value of the wrong kind for every form: name the forms
      if (types.every((t) => t !== undefined)) {
        const forms = [...new Set(types.map((t) => EXPECTED[t!] ?? t!))];
        return `${name} must be ${forms.join(' or ')}, not ${kindOf(value)}.`;
      }
      // else the form it came closest to, told in its own sentences
      const closest =
        branches.filter((_, i) => types[i] === undefined).sort((a, b) => a.length - b.length)[0] ?? [];
      return closest
        .map((i) => describeIssue({ ...i, path: [...issue.path, ...i.path] } as Issue, args))
        .join(' ');
    }
    case 'custom':
      return /^must /.test(issue.message)
        ? `${name} ${issue.message}, not ${clip(JSON.stringify(value) ?? kindOf(value))}.`
        : `${name}: ${issue.message} (got ${clip(JSON.stringify(value) ?? kindOf(value))}).`;
    case 'invalid_format':
      return `${name} must be ${issue.format === 'regex' ? 'text of the expected form' : `a valid ${issue.format}`}.`;
    default:
      return `${name}: ${issue.message}.`;
  }
}

/** sentences told; a list of a thousand wrong items gets these and a count of the rest */
const SENTENCES = 10;

/** The sentences for the first problems, and how many more there are, in one message. */
export function describeIssues(issues: readonly Issue[], args: unknown): string {
  const told = issues.slice(0, SENTENCES).map((i) => describeIssue(i, args));
  const more = issues.length - told.length;
  const rest = more > 0 ? ` …and ${more.toLocaleString('en-US')} more problems: fix these first.` : '';
  return `${told.join(' ')}${rest}`;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  checks?: Array<{ _zod: { def: { check: string; maximum?: number } } }>;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const maxLengthOf = (def: Def): number | undefined =>
  def.checks?.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum;

/** the value's name in a refusal, made only when something is too long (not once per item of a long list) */
const named = (path: readonly PropertyKey[]): string =>
  path.length ? `\`${pathOf(path)}\`` : 'the arguments';

/** the string forms of each union, found once */
const stringForms = new WeakMap<Def, z.ZodType[]>();

/**
 * The lengths of lists and strings against their schema's maximum, before Zod parses a single element: a
 * list of a million items past its limit of a thousand is refused without a million parses (and their
 * issues) first. Walks only the value's own lists and objects the schema names; each check is one length.
 */
export function firstTooLong(
  schema: z.ZodType,
  value: unknown,
  path: PropertyKey[] = [],
): string | undefined {
  const def = defOf(schema);
  if (def.innerType && (def.type === 'optional' || def.type === 'nullable' || def.type === 'default'))
    return firstTooLong(def.innerType, value, path);
  if (def.type === 'string' && typeof value === 'string') {
    const max = maxLengthOf(def);
    return max !== undefined && value.length > max
      ? `${named(path)} must have at most ${max} characters, not ${value.length}.`
      : undefined;
  }
  if (def.type === 'array' && Array.isArray(value)) {
    const max = maxLengthOf(def);
    if (max !== undefined && value.length > max)
      return `${named(path)} must have at most ${max} items, not ${value.length}.`;
    if (!def.element) return undefined;
    // one path for every element, its last step changed in place (named only on a refusal, before it changes)
    path.push(0);
    try {
      for (let i = 0; i < value.length; i++) {
        path[path.length - 1] = i;
        const found = firstTooLong(def.element, value[i], path);
        if (found) return found;
      }
    } finally {
      path.pop();
    }
    return undefined;
  }
  if (
    def.type === 'object' &&
    def.shape &&
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value)
  ) {
    path.push('');
    try {
      for (const k in def.shape) {
        path[path.length - 1] = k;
        const found = firstTooLong(def.shape[k]!, (value as Record<string, unknown>)[k], path);
        if (found) return found;
      }
    } finally {
      path.pop();
    }
  }
  if (def.type === 'union' && def.options && typeof value === 'string') {
    // a string that is too long for every string form of a union (a batch item: a command or a step)
    let strings = stringForms.get(def);
    if (!strings) stringForms.set(def, (strings = def.options.filter((o) => defOf(o).type === 'string')));
    let first: string | undefined;
    for (const o of strings) {
      const found = firstTooLong(o, value, path);
      if (found === undefined) return undefined;
      first ??= found;
    }
    return first;
  }
  return undefined;
}

/**
 * A tool's input schema with the sentences above as its validation: a Standard Schema (the hook through which
 * the SDK validates tool arguments) whose issues are those sentences, and whose JSON Schema is the zod
 * schema's own.
 */
export function readableInput(tool: string, schema: z.ZodType): StandardSchemaWithJSON {
  const own = schema['~standard'];
  return {
    '~standard': {
      version: 1,
      vendor: 'mcbridge',
      jsonSchema: own.jsonSchema,
      validate: (value: unknown) => {
        const tooLong = firstTooLong(schema, value ?? {});
        if (tooLong) return { issues: [{ message: tooLong }] };
        const parsed = schema.safeParse(value ?? {});
        if (parsed.success) return { value: parsed.data };
        return { issues: [{ message: describeIssues(parsed.error.issues, value) }] };
      },
    },
  };
}

/** The refusal of a `tools/call` whose arguments are not an object, or undefined when they are one. */
export function nonObjectArguments(message: JSONRPCMessage): JSONRPCMessage | undefined {
  if (!('method' in message) || message.method !== 'tools/call' || !('id' in message)) return undefined;
  const params = (message.params ?? {}) as { name?: unknown; arguments?: unknown };
  const args = params.arguments;
  if (args === undefined || (args !== null && typeof args === 'object' && !Array.isArray(args)))
    return undefined;
  const name = typeof params.name === 'string' ? params.name : 'a tool';
  return {
    jsonrpc: '2.0',
    id: message.id,
    error: {
      code: ProtocolErrorCode.InvalidParams,
      message: `the arguments of ${name} must be an object of named arguments, not ${kindOf(args)}: pass {} when it takes none`,
    },
  };
}

/**
 * Installs both shapes on a server before its tools are registered: every tool registered after this
 * validates its arguments with `readableInput`, and on every transport it is connected to, a `tools/call`
 * whose arguments are not an object is answered before the SDK parses it (its parse would answer with a Zod
 * dump).
 */
export function installInvalidParams(server: McpServer): void {
  const connect = server.connect.bind(server);
  server.connect = async (transport: Transport) => {
    await connect(transport);
    const deliver = transport.onmessage;
    if (!deliver) return;
    transport.onmessage = (message, extra) => {
      const refusal = nonObjectArguments(message);
      if (refusal) void transport.send(refusal).catch(() => undefined);
      else deliver.call(transport, message, extra);
    };
  };
  const register = server.registerTool.bind(server) as (name: string, config: object, cb: unknown) => unknown;
  server.registerTool = ((name: string, config: { inputSchema?: unknown }, cb: unknown) =>
    register(
      name,
      isZod(config.inputSchema)
        ? { ...config, inputSchema: readableInput(name, config.inputSchema) }
        : config,
      cb,
    )) as typeof server.registerTool;
}

const isZod = (schema: unknown): schema is z.ZodType =>
  typeof schema === 'object' && schema !== null && '_zod' in schema;
