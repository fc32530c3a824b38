// docs/environment.md, generated from the config schema itself: each variable's type and allowed values,
// default and description come from its zod definition, and "when required" from running the schema's own
// refinements and the start-up warnings. `npm run env:reference` writes it; env-reference.test.ts fails
// when the file and the schema disagree.
import { configSchema, parseConfig } from './schema';
import { productionWarnings } from './warnings';

/** The parts of a zod 4 definition this reads (`schema._zod.def`). */
type Def = {
  type: string;
  innerType?: Node;
  in?: Node;
  out?: Node;
  element?: Node;
  options?: Node[];
  entries?: Record<string, string>;
  defaultValue?: unknown;
  format?: string;
  pattern?: RegExp;
  protocol?: RegExp;
  checks?: Node[];
  check?: string;
  value?: number;
  minimum?: number;
  maximum?: number;
  inclusive?: boolean;
};
type Node = { _zod: { def: Def } };

const def = (schema: unknown) => (schema as Node)._zod.def;
const code = (text: string) => `\`${text}\``;

/** The string enum of on/off switches (`flag` in schema.ts). */
const isFlag = (node: Node) => {
  const d = def(node);
  return d.type === 'pipe' && def(d.in).type === 'enum' && 'on' in (def(d.in).entries ?? {});
};

const FORMATS: Record<string, string> = {
  email: 'email address',
  datetime: 'ISO 8601 date-time with a zone',
  ipv4: 'IPv4 address',
  ipv6: 'IPv6 address',
  cidrv4: 'IPv4 CIDR range',
  cidrv6: 'IPv6 CIDR range',
};

function checksOf(node: Node) {
  return (def(node).checks ?? []).map((check) => def(check));
}

function numberType(node: Node) {
  const checks = checksOf(node);
  const integer = checks.some((check) => check.format === 'safeint' || check.format === 'int32');
  const min = checks.find((check) => check.check === 'greater_than');
  const max = checks.find((check) => check.check === 'less_than');
  const kind = integer ? 'integer' : 'number';
  if (min?.inclusive && max?.inclusive) return `${kind} ${min.value}–${max.value}`;
  const bounds = [
    min && `${min.inclusive ? '≥' : '>'} ${min.value}`,
    max && `${max.inclusive ? '≤' : '<'} ${max.value}`,
  ].filter(Boolean);
  return [kind, ...bounds].join(' ');
}

function stringType(node: Node) {
  const d = def(node);
  if (d.format === 'url') return d.protocol?.test('http') ? 'http(s) URL' : 'URL';
  if (d.format && FORMATS[d.format]) return FORMATS[d.format]!;
  const checks = checksOf(node);
  const pattern = checks.find((check) => check.format === 'regex')?.pattern;
  if (pattern) return `text matching ${code(pattern.source.replaceAll('\\/', '/'))}`;
  const min = checks.find((check) => check.check === 'min_length')?.minimum;
  const max = checks.find((check) => check.check === 'max_length')?.maximum;
  if (min && min > 1) return `text, at least ${min} characters`;
  if (max) return `text, at most ${max} characters`;
  return 'text';
}

/** What a value may be, in words, from the definition. */
export function describeType(node: Node): string {
  const d = def(node);
  switch (d.type) {
    case 'default':
    case 'optional':
      return describeType(d.innerType!);
    case 'enum':
      return `one of ${Object.values(d.entries!).map(code).join(', ')}`;
    case 'number':
      return numberType(node);
    case 'string':
      return stringType(node);
    case 'union':
      return d.options!.map(describeType).join(', ');
    case 'array': {
      const element = describeType(d.element!);
      return `comma-separated list: ${element.replace(/^one of /, 'any of ')}`;
    }
    case 'pipe':
      if (isFlag(node)) return 'on/off: `on`, `off`, `1`, `0`, `true`, `false`, `yes`, `no`';
      // A preprocess (empty means unset) or a parsed list: what is read is the pipe's far end.
      if (def(d.in).type === 'transform' || def(d.out).type === 'array') return describeType(d.out!);
      return describeType(d.in!);
    default:
      return d.type;
  }
}

/** The default, as it is written in the environment; undefined when the variable has none. */
export function defaultOf(node: Node): string | undefined {
  const d = def(node);
  if (d.type === 'default') {
    const value = d.defaultValue;
    if (typeof value === 'boolean') return value ? 'on' : 'off';
    return String(value);
  }
  if (d.type === 'optional') return undefined;
  if (d.type === 'pipe') return defaultOf(d.in!) ?? defaultOf(d.out!);
  return undefined;
}

/**
 * Conditions under which a variable is required, found by running the schema: every allowed value of every
 * enum variable is tried alone, and a variable the schema then reports missing is required with it.
 */
export function conditionalRequirements(): Map<string, string[]> {
  const shape = configSchema.shape as unknown as Record<string, Node>;
  const required = new Map<string, string[]>();
  for (const [variable, schema] of Object.entries(shape)) {
    let inner = schema;
    while (['default', 'optional'].includes(def(inner).type)) inner = def(inner).innerType!;
    if (def(inner).type !== 'enum') continue;
    for (const value of Object.values(def(inner).entries!)) {
      const result = configSchema.safeParse({ [variable]: value });
      for (const issue of result.error?.issues ?? []) {
        const missing = String(issue.path[0]);
        if (missing === variable) continue;
        required.set(missing, [...(required.get(missing) ?? []), `${variable}=${value}`]);
      }
    }
  }
  return required;
}

/** Installs that serve more than this machine, each with the embedded defaults otherwise. */
const PUBLIC_INSTALLS = [{ HOST: '0.0.0.0' }, { HOST: '0.0.0.0', SITE_URL: 'https://live.example.com' }];

/** The start-up warnings a public install with the defaults gets (lib/config/warnings.ts). */
export function publicInstallWarnings(): string[] {
  return [...new Set(PUBLIC_INSTALLS.flatMap((env) => productionWarnings(parseConfig(env))))];
}

const cell = (text: string) => text.replaceAll('|', '\\|');

export function renderEnvironmentReference(): string {
  const shape = configSchema.shape as unknown as Record<string, Node & { description?: string }>;
  const required = conditionalRequirements();
  const warnings = publicInstallWarnings();
  const rows = Object.entries(shape).map(([variable, schema]) => {
    const fallback = defaultOf(schema);
    const production = [
      ...(required.get(variable) ?? []).map((condition) => `required with ${code(condition)}`),
      ...(warnings.some((warning) => new RegExp(`\\b${variable}\\b`).test(warning))
        ? ['start-up warns about it']
        : []),
    ];
    return [
      code(variable),
      describeType(schema),
      fallback === undefined ? 'unset' : fallback === '' ? 'none' : code(fallback),
      production.join('; ') || '—',
      schema.description ?? '',
    ]
      .map(cell)
      .join(' | ');
  });
  return `# Environment reference

<!-- Generated by \`npm run env:reference\` (scripts/env-reference.ts) from lib/config/schema.ts: edit the
schema's \`.describe()\` texts, not this file. lib/config/env-reference.test.ts fails when they disagree. -->

Every setting of the portal is an environment variable, validated once at start-up: a bad value stops the
portal with the variable named. Every variable has an embedded default or may stay unset, so none is required
on its own; the **production** column says when one becomes required (the schema refuses to start without it)
and which ones the start-up warnings name on a public install. Several nodes need a shared \`DATABASE_URL\`,
\`REDIS_URL\` and \`STORAGE_PROVIDER=s3\` (\`compose.yaml\` sets them).

| variable | type | default | production | description |
| --- | --- | --- | --- | --- |
${rows.map((row) => `| ${row} |`).join('\n')}

## Start-up warnings on a public install

When \`HOST\` is not a loopback address or \`SITE_URL\` is https, start-up logs one line for each demo default
still in place (lib/config/warnings.ts). With the other defaults:

${warnings.map((warning) => `- ${warning}`).join('\n')}
`;
}
