// Home page banners, advertisements and official activities (spec §7): public lists of what is showing
// now, and the operators' upkeep at `api/admin/promo/*` (pictures are uploads or any http(s) address;
// every address goes through the stored-URL schema).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { storedUrl } from '@/lib/http/url-schema';
import { localizedText } from '@/lib/system/api';
import { PROMO_KINDS, type PromoKind } from './schema';
import { deletePromo, listAllPromos, listShowingPromos, savePromo } from './service';

const promoInput = z.object({
  id: id.optional(),
  kind: z.enum(PROMO_KINDS),
  title: localizedText,
  imageUrl: storedUrl({ max: 500 }),
  linkUrl: storedUrl({ max: 500 }).nullish(),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  enabled: z.boolean().default(true),
  startsAt: z.coerce.date().nullish(),
  endsAt: z.coerce.date().nullish(),
});

const promoRow = z.object({
  id: z.number(),
  kind: z.enum(PROMO_KINDS),
  title: z.record(z.string(), z.string()),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  sort: z.number(),
  enabled: z.boolean(),
  startsAt: z.date().nullable(),
  endsAt: z.date().nullable(),
  createdAt: z.date(),
});

const showing = z.array(
  z.object({ id: z.number(), title: z.string(), image: z.string(), url: z.string().nullable() }),
);

const PUBLIC_CALLS: { path: string; kind: PromoKind; method: 'get' | 'post'; summary: string }[] = [
  { path: '/api/Banner/getBannerList', kind: 'banner', method: 'post', summary: 'Home banners showing now' },
  { path: '/api/banner/getAdvertisement', kind: 'ad', method: 'post', summary: 'Advertisements showing now' },
  {
    path: '/api/Activity_Config/getActivityUrl',
    kind: 'activity',
    method: 'get',
    summary: 'Official activities showing now',
  },
];

export function registerPromoRoutes(app: OpenAPIHono<AppEnv>) {
  for (const call of PUBLIC_CALLS) {
    defineRoute(
      app,
      {
        path: call.path,
        effect: 'read',
        methods: [call.method],
        tag: 'Content',
        summary: `${call.summary}, in the reader’s language (none until an operator adds some)`,
        output: showing,
      },
      (c) => listShowingPromos(c.var.db, call.kind, c.var.locale, c.var.now),
    );
  }

  defineRoute(
    app,
    {
      path: '/api/admin/promo/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary: 'Banners, advertisements and activities, showing or not',
      staff: [],
      input: z.object({ kind: z.enum(PROMO_KINDS).optional() }),
      output: z.array(promoRow),
    },
    (c, input) => listAllPromos(c.var.db, input.kind),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/promo/save',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary: 'Create a banner, advertisement or activity, or update it when id is given',
      staff: [],
      input: promoInput,
      output: promoRow,
    },
    (c, input) => savePromo(c.var.db, input),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/promo/delete',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary: 'Delete a banner, advertisement or activity',
      staff: [],
      input: z.object({ id }),
      output: z.object({ id: z.number(), deleted: z.boolean() }),
    },
    (c, input) => deletePromo(c.var.db, input.id),
  );
}
