// The operators' sensitive-word list (the operator console's screen comes with its issue).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId } from '@/lib/api/row-id';
import { addWords, deleteWord, listWords } from './words';

export function registerSensitiveWordRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/admin/sensitiveWords/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Operators',
      summary: 'The sensitive-word list (optionally searched)',
      staff: ['moderator'],
      input: z.object({ search: z.string().trim().max(32).optional() }),
      output: z.object({
        list: z.array(z.object({ id: z.number(), word: z.string(), normalized: z.string() })),
      }),
    },
    async (c, input) => ({ list: await listWords(c.var.db, input.search || undefined) }),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/sensitiveWords/add',
      effect: 'write',
      methods: ['post'],
      tag: 'Operators',
      summary: 'Add words (Simplified or Traditional; spaces and symbols inside are ignored)',
      staff: ['moderator'],
      input: z.object({ words: z.array(z.string().trim().min(1).max(32)).min(1).max(500) }),
      output: z.object({ added: z.number() }),
    },
    (c, input) => addWords(c.var.db, input.words, c.var.user!.id, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/sensitiveWords/delete',
      effect: 'write',
      methods: ['post'],
      tag: 'Operators',
      summary: 'Remove a word from the list',
      staff: ['moderator'],
      input: z.object({ id: rowId }),
      output: z.object({ id: z.number() }),
    },
    (c, input) => deleteWord(c.var.db, input.id),
  );
}
