// The console's rules without a database: tables' URL state round-trips and refuses what is out of
// bounds; a page is for the roles all its routes declare; a handler's before/after reach the audit entry.
import { z } from 'zod';
import { createBaseApp } from '@/lib/api/app';
import { auditChange } from '@/lib/api/audit-change';
import type { AuditRecord, SessionUser } from '@/lib/api/context';
import { defineRoute, type RouteEntry } from '@/lib/api/route';
import type { Db } from '@/lib/db';
import { NOON } from '@/lib/testing/clock';
import { rolesAllowedBy } from './access';
import { decisionReasonSchema } from './decision';
import { ADMIN_NAV } from './nav';
import { defineTable, parseTableQuery, tableInput, tableSearch } from './table-query';

const TABLE = defineTable({ sorts: ['at', 'name'], defaultSort: 'at', filters: ['q', 'status'] });

describe('table state in the URL', () => {
  it('reads defaults, keeps what is valid and drops what is not', () => {
    expect(parseTableQuery(TABLE, {})).toEqual({
      page: 1,
      pageSize: 50,
      sort: 'at',
      dir: 'desc',
      filters: {},
    });
    expect(
      parseTableQuery(TABLE, { page: '3', size: '20', sort: 'name', dir: 'asc', q: ' ada ', other: 'x' }),
    ).toEqual({ page: 3, pageSize: 20, sort: 'name', dir: 'asc', filters: { q: 'ada' } });
    expect(parseTableQuery(TABLE, { page: '-1', size: '7', sort: 'hash', dir: 'up' })).toEqual(
      parseTableQuery(TABLE, {}),
    );
    expect(parseTableQuery(TABLE, new URLSearchParams('status=open&page=2'))).toMatchObject({
      page: 2,
      filters: { status: 'open' },
    });
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    const query = parseTableQuery(TABLE, { q: 'ada', page: '2' });
    expect(tableSearch(TABLE, query)).toBe('?q=ada&page=2');
    expect(tableSearch(TABLE, query, { sort: 'name', dir: 'asc', page: 1 })).toBe('?q=ada&sort=name&dir=asc');
    expect(tableSearch(TABLE, query, { filters: { q: '' }, page: 1 })).toBe('');
    const search = tableSearch(TABLE, query, { pageSize: 100, filters: { status: 'done' } });
    expect(parseTableQuery(TABLE, new URLSearchParams(search))).toEqual({
      ...query,
      pageSize: 100,
      filters: { q: 'ada', status: 'done' },
    });
  });

  it('gives list routes the same names and bounds', () => {
    const input = tableInput(TABLE);
    expect(input.parse({})).toEqual({ page: 1, size: 50, sort: 'at', dir: 'desc' });
    expect(input.safeParse({ size: '7' }).success).toBe(false);
    expect(input.safeParse({ sort: 'hash' }).success).toBe(false);
  });
});

describe('access', () => {
  const table: Pick<RouteEntry, 'path' | 'methods' | 'effect' | 'staff'>[] = [
    { path: '/api/admin/a', methods: ['get'], effect: 'read', staff: ['moderator', 'finance'] },
    { path: '/api/admin/b', methods: ['post'], effect: 'write', staff: ['moderator'] },
    { path: '/api/admin/c', methods: ['post'], effect: 'write', staff: [] },
    { path: '/api/public', methods: ['get'], effect: 'read' },
  ];
  it('is the roles every route of the page declares, operator always', () => {
    expect(rolesAllowedBy(table, ['/api/admin/a'])).toEqual(['operator', 'moderator', 'finance']);
    expect(rolesAllowedBy(table, ['/api/admin/a', '/api/Admin/B'])).toEqual(['operator', 'moderator']);
    expect(rolesAllowedBy(table, ['/api/admin/c'])).toEqual(['operator']);
  });
  it('fails closed for an unknown or undeclared route', () => {
    expect(rolesAllowedBy(table, ['/api/admin/typo'])).toEqual([]);
    expect(rolesAllowedBy(table, ['/api/public'])).toEqual([]);
  });
  it('has one entry per key and page in the navigation registry, each naming admin routes', () => {
    expect(new Set(ADMIN_NAV.map((entry) => entry.key)).size).toBe(ADMIN_NAV.length);
    expect(new Set(ADMIN_NAV.map((entry) => entry.href)).size).toBe(ADMIN_NAV.length);
    for (const entry of ADMIN_NAV)
      expect(entry.routes.every((route) => route.startsWith('/api/admin/'))).toBe(true);
  });
});

describe('audit detail', () => {
  const operator: SessionUser = {
    id: 7,
    nickname: 'op',
    avatar: '',
    isAnchor: false,
    role: 'operator',
    experience: 0,
  };
  const written: AuditRecord[] = [];
  const app = createBaseApp({
    db: () => ({}) as Db,
    clock: () => NOON,
    findSessionUser: async () => operator,
    audit: async (_db, record) => written.push(record),
  });
  defineRoute(
    app,
    {
      path: '/api/admin/test/price',
      methods: ['post'],
      effect: 'write',
      tag: 'test',
      summary: 'test',
      staff: [],
      input: z.object({ gift: z.number(), price: z.number() }).extend(decisionReasonSchema.shape),
      output: z.object({ ok: z.boolean() }),
    },
    (c, input) => {
      auditChange(c, { before: { price: 10 }, targetType: 'gift', targetId: input.gift });
      auditChange(c, { after: { price: input.price } });
      return { ok: true };
    },
  );
  defineRoute(
    app,
    {
      path: '/api/admin/test/plain',
      methods: ['post'],
      effect: 'write',
      tag: 'test',
      summary: 'test',
      staff: [],
      input: z.object({ id: z.number() }),
      output: z.object({ ok: z.boolean() }),
    },
    () => ({ ok: true }),
  );
  const post = (path: string, body: object) =>
    app.request(`http://portal.test${path}`, {
      method: 'POST',
      headers: { host: 'portal.test', token: 't', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it("records the handler's before, after, target and the input's reason", async () => {
    const response = await post('/api/admin/test/price', {
      gift: 3,
      price: 12,
      reason_code: 'typo',
      reason: 'was wrong',
    });
    expect(response.status).toBe(200);
    expect(written.at(-1)).toMatchObject({
      actorId: 7,
      action: '/api/admin/test/price',
      targetType: 'gift',
      targetId: '3',
      before: { price: 10 },
      after: { price: 12 },
      reason: 'typo · was wrong',
    });
  });

  it('without a detail, records the input and output as after', async () => {
    await post('/api/admin/test/plain', { id: 5 });
    expect(written.at(-1)).toMatchObject({
      targetType: 'test',
      targetId: '5',
      before: undefined,
      after: { input: { id: 5 }, output: { ok: true } },
      reason: '',
    });
  });
});
