// One rule for what every route accepts, applied before its zod schema (which would coerce `true`, `[5]`,
// "0x10", "1e3" or " 100 " into numbers): the schema's shape says what each field expects, and a value of
// another kind is refused with the field's name. Numbers are JSON numbers or plain decimal digits (query
// and form values are strings); booleans are true/false/1/0; a scalar field takes no array or object; no
// string anywhere may hold a NUL or an unpaired surrogate (the database refuses them, and they are never
// text a person typed).
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;
type Schema = z.core.$ZodType;
type Kind = 'int' | 'number' | 'boolean' | 'scalar' | 'array' | 'object' | 'any';
type Expectation = { kind: Kind; nullable: boolean; preprocessed: boolean; schema: Schema };

/** The messages (`validation.<key>`) a refusal names. */
export type StrictInputMessage = 'notNumber' | 'notBoolean' | 'notScalar' | 'badCharacters';

const INTEGER = /^-?\d{1,16}$/;
const DECIMAL = /^-?\d{1,16}(\.\d{1,16})?$/;
const expectations = new WeakMap<Schema, Expectation>();

/** What a field's schema expects, seen through optional/default/nullable wrappers and preprocess pipes. */
function expectationOf(field: Schema): Expectation {
  const known = expectations.get(field);
  if (known) return known;
  let nullable = false;
  let preprocessed = false;
  let schema = field;
  let kind: Kind | undefined;
  while (!kind) {
    const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    switch (def.type) {
      case 'optional':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        schema = def.innerType as Schema;
        break;
      case 'nullable':
        nullable = true;
        schema = def.innerType as Schema;
        break;
      case 'pipe': {
        // A preprocess is a pipe from a transform: what the field finally holds is its far end.
        const from = def.in as Schema;
        preprocessed ||= from._zod.def.type === 'transform';
        schema = from._zod.def.type === 'transform' ? (def.out as Schema) : from;
        break;
      }
      case 'lazy':
        schema = (def.getter as () => Schema)();
        break;
      case 'number':
        kind = (schema as unknown as { isInt?: boolean }).isInt ? 'int' : 'number';
        break;
      case 'boolean':
        kind = 'boolean';
        break;
      case 'string':
      case 'enum':
      case 'literal':
      case 'template_literal':
        kind = 'scalar';
        break;
      case 'array':
        kind = 'array';
        break;
      case 'object':
        kind = 'object';
        break;
      default:
        kind = 'any';
    }
  }
  const expectation = { kind, nullable, preprocessed, schema };
  expectations.set(field, expectation);
  return expectation;
}

const refuse = (path: PropertyKey[], message: StrictInputMessage, input: unknown): Issue =>
  ({ code: 'custom', path, message, params: { i18n: message }, input }) as Issue;

/** The first string inside `value` (at any depth) that no person could have typed, if any. */
function badString(value: unknown, path: PropertyKey[]): Issue | undefined {
  if (typeof value === 'string')
    return value.includes('\u0000') || !value.isWellFormed()
      ? refuse(path, 'badCharacters', value)
      : undefined;
  if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      const issue = badString(key, path) ?? badString(inner, [...path, key]);
      if (issue) return issue;
    }
  return undefined;
}

type Result = { ok: true; value: unknown } | { ok: false; issue: Issue };

function normalize(value: unknown, field: Schema, path: PropertyKey[]): Result {
  if (value === undefined) return { ok: true, value };
  const { kind, nullable, preprocessed, schema } = expectationOf(field);
  if (value === null && nullable) return { ok: true, value };
  switch (kind) {
    case 'int':
    case 'number': {
      if (typeof value === 'number')
        return Number.isFinite(value)
          ? { ok: true, value }
          : { ok: false, issue: refuse(path, 'notNumber', value) };
      if (typeof value === 'string') {
        // A blank form field is an absent one (a preprocess may give blank its own meaning).
        if (value === '') return { ok: true, value: preprocessed ? value : undefined };
        if (preprocessed && nullable && value === 'null') return { ok: true, value };
        if ((kind === 'int' ? INTEGER : DECIMAL).test(value)) return { ok: true, value: Number(value) };
      }
      return { ok: false, issue: refuse(path, 'notNumber', value) };
    }
    case 'boolean':
      if (typeof value === 'boolean') return { ok: true, value };
      if (value === 1 || value === '1' || value === 'true') return { ok: true, value: true };
      if (value === 0 || value === '0' || value === 'false') return { ok: true, value: false };
      if (value === '') return { ok: true, value: undefined };
      return { ok: false, issue: refuse(path, 'notBoolean', value) };
    case 'scalar':
      return value !== null && typeof value === 'object'
        ? { ok: false, issue: refuse(path, 'notScalar', value) }
        : { ok: true, value };
    case 'array': {
      if (!Array.isArray(value)) return { ok: true, value };
      const element = (schema._zod.def as unknown as { element: Schema }).element;
      const items: unknown[] = [];
      for (const [index, item] of value.entries()) {
        const result = normalize(item, element, [...path, index]);
        if (!result.ok) return result;
        items.push(result.value);
      }
      return { ok: true, value: items };
    }
    case 'object':
      return value && typeof value === 'object' && !Array.isArray(value)
        ? normalizeShape(value as Record<string, unknown>, schema as z.core.$ZodObject, path)
        : { ok: true, value };
    default:
      return { ok: true, value };
  }
}

function normalizeShape(
  input: Record<string, unknown>,
  object: z.core.$ZodObject,
  path: PropertyKey[],
): Result {
  const shape = object._zod.def.shape;
  const output: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    // Fields the schema does not know are dropped by it; only their characters are checked here.
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (!field) {
      output[key] = value;
      continue;
    }
    const result = normalize(value, field, [...path, key]);
    if (!result.ok) return result;
    output[key] = result.value;
  }
  return { ok: true, value: output };
}

/**
 * The request's fields made what `schema` expects, or the first refusal. Run before `schema.safeParse`;
 * what it returns is what the schema parses.
 */
export function strictInput(
  schema: z.core.$ZodObject,
  input: Record<string, unknown>,
): { ok: true; value: Record<string, unknown> } | { ok: false; issue: Issue } {
  const bad = badString(input, []);
  if (bad) return { ok: false, issue: bad };
  const result = normalizeShape(input, schema, []);
  return result.ok ? { ok: true, value: result.value as Record<string, unknown> } : result;
}

/** Every field name `schema` accepts, at any depth (objects, arrays of objects): what a refusal may name. */
export function fieldNames(schema: z.core.$ZodObject, into = new Set<string>()): Set<string> {
  for (const [key, field] of Object.entries(schema._zod.def.shape)) {
    into.add(key);
    let { kind, schema: inner } = expectationOf(field);
    while (kind === 'array') {
      inner = (inner._zod.def as unknown as { element: Schema }).element;
      ({ kind, schema: inner } = expectationOf(inner));
    }
    if (kind === 'object') fieldNames(inner as z.core.$ZodObject, into);
  }
  return into;
}
