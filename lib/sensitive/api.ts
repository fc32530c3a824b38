// The operators' sensitive-word list (/admin/sensitive-words): each word with its policy (block, replace
// or send to review, lib/chat/schema.ts `SENSITIVE_POLICIES`).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId } from '@/lib/api/row-id';
import { SENSITIVE_POLICIES } from './policies';
import { addWords, deleteWord, listWords, setWordPolicy } from './words';

const policy = z.enum(SENSITIVE_POLICIES);

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
        list: z.array(
          z.object({ id: z.number(), word: z.string(), normalized: z.string(), policy: z.string() }),
        ),
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
      input: z.object({
        words: z.array(z.string().trim().min(1).max(32)).min(1).max(500),
        /** What the words do; an existing word keeps its own. */
        policy: policy.default('replace'),
      }),
      output: z.object({ added: z.number() }),
    },
    (c, input) => addWords(c.var.db, input.words, c.var.user!.id, c.var.now, input.policy),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/sensitiveWords/policy',
      effect: 'write',
      methods: ['post'],
      tag: 'Operators',
      summary: 'Set what listed words do: block the text, replace the word, or send the post to review',
      staff: ['moderator'],
      input: z.object({ ids: z.array(rowId).min(1).max(500), policy }),
      output: z.object({ updated: z.number() }),
    },
    async (c, input) => {
      const { before, after } = await setWordPolicy(c.var.db, input.ids, input.policy);
      auditChange(c, {
        targetType: 'sensitiveWord',
        targetId: input.ids.join(',').slice(0, 64),
        before,
        after,
      });
      return { updated: after.length };
    },
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
