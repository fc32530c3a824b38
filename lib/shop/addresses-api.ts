// The delivery addresses a person keeps for physical exchanges (the exchange dialog's list, save, delete).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { addressShape } from './api';
import { addressesOf, deleteAddress, saveAddress } from './service';

const addressInput = z.object({
  name: z.string().trim().min(1).max(32),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{5,20}$/),
  region: z.string().trim().min(1).max(64),
  detail: z.string().trim().min(1).max(120),
});

export function registerShopAddressRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/goods/addressList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Shop',
      summary: "The caller's delivery addresses for physical goods",
      middleware: [requireUser],
      output: z.object({ list: z.array(addressShape.extend({ id: z.number() })) }),
    },
    async (c) => ({ list: await addressesOf(c.var.db, c.var.user!.id) }),
  );

  defineRoute(
    app,
    {
      path: '/api/goods/saveAddress',
      effect: 'write',
      methods: ['post'],
      tag: 'Shop',
      summary: 'Adds a delivery address, or changes one of the caller’s with `id` (at most 10 kept)',
      middleware: [requireUser],
      input: addressInput.extend({ id: id.optional() }),
      output: z.object({ id: z.number() }),
    },
    (c, input) => saveAddress(c.var.db, c.var.user!.id, input, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/goods/deleteAddress',
      effect: 'write',
      methods: ['post'],
      tag: 'Shop',
      summary: 'Removes one of the caller’s delivery addresses (past exchanges keep their copy)',
      middleware: [requireUser],
      input: z.object({ id }),
      output: z.object({ id: z.number() }),
    },
    async (c, input) => {
      await deleteAddress(c.var.db, c.var.user!.id, input.id, c.var.now);
      return { id: input.id };
    },
  );
}
