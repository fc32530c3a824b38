// The API attacks itself: every parameter of every operation in /api/openapi.json gets hostile values (NUL,
// lone surrogates, 100,000 characters, wrong types, hex and exponent numbers, negative and fractional amounts,
// arrays, objects, prototype keys) as a guest, a user and an operator. Every answer must be the envelope
// below 500 within 5 s, a refused call must move no money, and the ledger must check clean at the end.
// `npm test` runs a fast subset (one value per parameter, rotating over the corpus and the roles); FUZZ=full
// (CI) runs the whole corpus for every role.
import { count } from 'drizzle-orm';
import { seedGiftCatalog } from '@/lib/gifts/catalog';
import { ensureRoom } from '@/lib/live/service';
import { HOLDINGS } from '@/lib/server/holdings';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { walletTransfers } from '@/lib/wallet/schema';
import { type ApiApp, createApiApp } from './api-app';

const FULL = process.env.FUZZ === 'full';
jest.setTimeout(FULL ? 1_800_000 : 600_000);

/** How long one answer may take: a hang is a failure. */
const ANSWER_MS = 5_000;
const PORTAL = 'portal.test';

const HOSTILE: unknown[] = [
  '\u0000',
  'a\u0000b',
  'a\ud800b',
  'x'.repeat(100_000),
  '0x10',
  '1e3',
  ' 100 ',
  '-1',
  '1.5',
  '99999999999999999999999',
  '',
  'null',
  'NaN',
  '__proto__',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  true,
  null,
  -1,
  0,
  -0.01,
  1.5,
  1e308,
  2 ** 53,
  [],
  [1],
  ['a', 'b'],
  {},
  { $gt: '' },
];
/** Sent as raw JSON text: JSON.stringify would not write an own `__proto__` key. */
const PROTOTYPE_BODY = '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minimum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
};
type Operation = {
  method: 'get' | 'post';
  path: string;
  params: Record<string, Schema>;
  required: string[];
  /** What its success answers with, when not the envelope (a picture, a download). */
  file: string | null;
};
type Role = 'guest' | 'user' | 'operator';

let testDb: TestDb;
let app: ApiApp;
const tokens: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  await seedGiftCatalog(testDb.db);
  const user = await makeSignedInUser(testDb.db);
  const operator = await makeSignedInUser(testDb.db, { role: 'operator', isAnchor: true });
  await ensureRoom(testDb.db, operator.user.id);
  // Money on both sides, so a call that moved some where it should not would show.
  for (const [id, currency] of [
    [user.user.id, 'star'],
    [operator.user.id, 'star'],
    [operator.user.id, 'yellow'],
  ] as const)
    await fundUser(testDb.db, id, currency, 100_000);
  tokens.user = user.token;
  tokens.operator = operator.token;
}, 120_000);
afterAll(() => testDb.close());

async function operations(): Promise<Operation[]> {
  const document = (await (await app.request('/api/openapi.json')).json()) as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; schema: Schema; required?: boolean }[];
          requestBody?: { content: Record<string, { schema: Schema }> };
          responses: Record<string, { content?: Record<string, unknown> }>;
        }
      >
    >;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const file =
        Object.keys(operation.responses['200']?.content ?? {}).find((type) => type !== 'application/json') ??
        null;
      if (method === 'get') {
        const parameters = operation.parameters ?? [];
        return {
          method: 'get' as const,
          path,
          params: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
          required: parameters.filter((p) => p.required).map((p) => p.name),
          file,
        };
      }
      const schema = operation.requestBody?.content['application/json']?.schema ?? {};
      return {
        method: 'post' as const,
        path,
        params: schema.properties ?? {},
        required: schema.required ?? [],
        file,
      };
    }),
  );
}

/** A plausible value for a parameter, so the one under attack is not refused for a missing neighbour. */
function plausible(schema: Schema): unknown {
  if (schema.enum?.length) return schema.enum[0];
  const type = [schema.type].flat().find((t) => t && t !== 'null');
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  if (schema.format === 'date') return '2026-06-15';
  return schema.pattern ? 'abcdefgh12' : 'a';
}

const asQueryValue = (value: unknown) =>
  typeof value === 'string' ? value : value === null ? 'null' : JSON.stringify(value);

type Attack = { operation: Operation; role: Role; field?: string; value?: unknown; prototypeKeys?: boolean };

async function send({ operation, role, field, value, prototypeKeys }: Attack) {
  const values: Record<string, unknown> = {};
  for (const name of operation.required) values[name] = plausible(operation.params[name]!);
  if (field) values[field] = value;
  const headers: Record<string, string> = { host: PORTAL, lang: 'en' };
  if (role !== 'guest') headers.token = tokens[role]!;
  let url = `http://${PORTAL}${operation.path}`;
  let body: string | undefined;
  if (operation.method === 'get') {
    const query = new URLSearchParams();
    for (const [name, v] of Object.entries(values))
      if (Array.isArray(v)) for (const item of v) query.append(name, asQueryValue(item));
      else query.append(name, asQueryValue(v));
    url += `?${query}`;
  } else {
    headers['content-type'] = 'application/json';
    body = prototypeKeys ? PROTOTYPE_BODY : JSON.stringify(values);
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ANSWER_MS} ms`)), ANSWER_MS);
  });
  try {
    const response = await Promise.race([
      app.request(url, { method: operation.method.toUpperCase(), headers, body }),
      timeout,
    ]);
    const text = await Promise.race([response.text(), timeout]);
    return { status: response.status, text, type: response.headers.get('content-type') ?? '' };
  } finally {
    clearTimeout(timer);
  }
}

const transfers = async () => (await testDb.db.select({ n: count() }).from(walletTransfers))[0]!.n;

/** What is wrong with one answer, if anything. */
function problemOf(operation: Operation, status: number, type: string, text: string) {
  if (status >= 500) return `HTTP ${status}: ${text.slice(0, 200)}`;
  if (operation.file && status === 200 && type.startsWith(operation.file)) return undefined;
  let body: { code?: unknown; msg?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 200)}`;
  }
  if (![0, 1, 700].includes(body.code as number) || typeof body.msg !== 'string')
    return `outside the envelope: ${text.slice(0, 200)}`;
  return undefined;
}

const describeAttack = ({ operation, role, field, value, prototypeKeys }: Attack) =>
  `${operation.method.toUpperCase()} ${operation.path} as ${role}${
    prototypeKeys ? ' with prototype keys' : field ? ` ${field}=${JSON.stringify(value)?.slice(0, 40)}` : ''
  }`;

it('answers every hostile value with the envelope, in time, moving no money when it refuses', async () => {
  const roles: Role[] = ['guest', 'user', 'operator'];
  const attacks: Attack[] = [];
  for (const [index, operation] of (await operations()).entries()) {
    const fields = Object.keys(operation.params);
    if (operation.method === 'post')
      attacks.push({ operation, role: roles[index % 3]!, prototypeKeys: true });
    if (!fields.length) attacks.push({ operation, role: roles[index % 3]!, field: 'x', value: '\u0000' });
    for (const [position, field] of fields.entries()) {
      if (FULL) {
        for (const role of roles)
          for (const value of HOSTILE) attacks.push({ operation, role, field, value });
      } else {
        const turn = index * 7 + position;
        attacks.push({ operation, role: roles[turn % 3]!, field, value: HOSTILE[turn % HOSTILE.length] });
      }
    }
  }

  const problems: string[] = [];
  let moved = await transfers();
  for (const attack of attacks) {
    try {
      const { status, text, type } = await send(attack);
      const problem = problemOf(attack.operation, status, type, text);
      if (problem) problems.push(`${describeAttack(attack)}: ${problem}`);
      const now = await transfers();
      if (now !== moved && !problem && JSON.parse(text).code !== 0)
        problems.push(`${describeAttack(attack)}: refused, yet moved money (${now - moved} transfers)`);
      moved = now;
    } catch (error) {
      problems.push(`${describeAttack(attack)}: ${(error as Error).message}`);
    }
  }
  console.log(`fuzz: ${attacks.length} requests (${FULL ? 'whole corpus' : 'fast subset'})`);
  expect(problems).toEqual([]);
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});
