/**
 * Wrong tool arguments, told as one sentence per problem: which argument, what was expected, what came.
 *
 * Two shapes, as the MCP specification (2025-11-25, "Error Handling" of tools) separates them:
 * - `arguments` that are not an object at all (42, true, [], "x") fail the `tools/call` request itself: a
 *   JSON-RPC error -32602 (invalid params). The SDK parses the request before any handler and reports its
 *   Zod dump as -32603 (internal error); the check here runs first.
 * - an object whose fields are wrong is an input validation error of the tool: a tool result with
 *   `isError: true` (the SDK's own choice, so that the model reads it and corrects the call), its text
 *   `MCP error -32602: …` with one readable sentence per problem instead of Zod's messages.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
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
export function describeIssues(tool: string, issues: readonly Issue[], args: unknown): string {
  const told = issues.slice(0, SENTENCES).map((i) => describeIssue(i, args));
  const more = issues.length - told.length;
  const rest = more > 0 ? ` …and ${more.toLocaleString('en-US')} more problems: fix these first.` : '';
  return `invalid arguments for ${tool}: ${told.join(' ')}${rest}`;
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
  const name = path.length ? `\`${pathOf(path)}\`` : 'the arguments';
  if (def.type === 'string' && typeof value === 'string') {
    const max = maxLengthOf(def);
    return max !== undefined && value.length > max
      ? `${name} must have at most ${max} characters, not ${value.length}.`
      : undefined;
  }
  if (def.type === 'array' && Array.isArray(value)) {
    const max = maxLengthOf(def);
    if (max !== undefined && value.length > max)
      return `${name} must have at most ${max} items, not ${value.length}.`;
    if (!def.element) return undefined;
    for (const [i, v] of value.entries()) {
      const found = firstTooLong(def.element, v, [...path, i]);
      if (found) return found;
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
    for (const [k, s] of Object.entries(def.shape)) {
      const found = firstTooLong(s, (value as Record<string, unknown>)[k], [...path, k]);
      if (found) return found;
    }
  }
  if (def.type === 'union' && def.options && typeof value === 'string') {
    // a string that is too long for every string form of a union (a batch item: a command or a step)
    const strings = def.options.filter((o) => defOf(o).type === 'string');
    const found = strings.map((o) => firstTooLong(o, value, path));
    if (strings.length && found.every((f) => f !== undefined)) return found[0];
  }
  return undefined;
}

interface ValidatingServer {
  validateToolInput(tool: { inputSchema?: z.ZodType }, args: unknown, toolName: string): Promise<unknown>;
}

interface RequestHandlers {
  _requestHandlers: Map<
    string,
    (request: { params?: { name?: unknown; arguments?: unknown } }, extra: unknown) => unknown
  >;
}

/**
 * Installs both shapes on a server whose tools are registered. It reaches two members the SDK keeps
 * private (the request handler map, the input validator): neither has a public hook, and the alternative —
 * a Zod dump as an internal error — tells the model nothing it can act on.
 */
export function installInvalidParams(server: McpServer): void {
  const validating = server as unknown as ValidatingServer;
  validating.validateToolInput = async (tool, args, toolName) => {
    if (!tool.inputSchema) return undefined;
    const tooLong = firstTooLong(tool.inputSchema, args ?? {});
    if (tooLong) throw new McpError(ErrorCode.InvalidParams, `invalid arguments for ${toolName}: ${tooLong}`);
    const parsed = await tool.inputSchema.safeParseAsync(args ?? {});
    if (parsed.success) return parsed.data;
    throw new McpError(ErrorCode.InvalidParams, describeIssues(toolName, parsed.error.issues, args));
  };
  const handlers = (server.server as unknown as RequestHandlers)._requestHandlers;
  const call = handlers.get('tools/call');
  if (!call) throw new Error('installInvalidParams: register the tools first');
  handlers.set('tools/call', (request, extra) => {
    const args = request.params?.arguments;
    if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) {
      const name = typeof request.params?.name === 'string' ? request.params.name : 'a tool';
      // a plain error with the code: McpError would write its code into the message a second time
      throw Object.assign(
        new Error(
          `the arguments of ${name} must be an object of named arguments, not ${kindOf(args)}: pass {} when it takes none`,
        ),
        { code: ErrorCode.InvalidParams },
      );
    }
    return call(request, extra);
  });
}
