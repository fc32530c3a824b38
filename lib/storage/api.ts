// Upload calls: the credential of spec §7 (`api/Member/getQiniuToken`, named after the original
// product's storage vendor) and the two ways a file arrives.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { DomainError } from '@/lib/api/errors';
import { defineRoute } from '@/lib/api/route';
import { MAX_UPLOAD_BYTES, UPLOAD_PURPOSES } from './images';
import type { uploads } from './schema';
import { acceptUpload, completeUpload, issueUploadCredential } from './service';

const purpose = z.enum(UPLOAD_PURPOSES);

const storedUpload = z.object({
  url: z.string(),
  key: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
  /** Videos: seconds and the poster frame's address. */
  duration_s: z.number().nullable(),
  poster: z.string().nullable(),
});

/** Refuses an oversized body from its declared length, before reading it. */
const bodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > MAX_UPLOAD_BYTES + 64 * 1024) {
    throw new DomainError('UPLOAD_TOO_LARGE', {
      values: { mb: MAX_UPLOAD_BYTES / 1024 / 1024 },
      status: 413,
    });
  }
  await next();
});

const present = (row: typeof uploads.$inferSelect) => ({
  url: row.url,
  key: row.key,
  width: row.width,
  height: row.height,
  bytes: row.bytes,
  duration_s: row.durationS,
  poster: row.posterUrl,
});

export function registerStorageRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Member/getQiniuToken',
      effect: 'write',
      methods: ['post', 'get'],
      tag: 'Storage',
      summary: 'An upload credential for one file (15 minutes): where and how to send it',
      middleware: [requireUser],
      input: z.object({ purpose: purpose.default('image') }),
      output: z.object({
        token: z.string(),
        provider: z.enum(['local', 's3']),
        upload_url: z.string(),
        method: z.enum(['POST', 'PUT']),
        max_bytes: z.number(),
        expires_at: z.date(),
      }),
    },
    (c, input) => issueUploadCredential(c.var.db, c.var.user!.id, input.purpose, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/upload',
      effect: 'write',
      methods: ['post'],
      tag: 'Storage',
      summary: 'Send a file (multipart: `file` and the credential `token`); answers its public address',
      middleware: [requireUser, bodyLimit],
      input: z.object({
        token: z.string().min(10).max(2000),
        file: z.file().openapi({ type: 'string', format: 'binary' }),
      }),
      output: storedUpload,
    },
    async (c, input) =>
      present(
        await acceptUpload(
          c.var.db,
          c.var.user!.id,
          input.token,
          Buffer.from(await input.file.arrayBuffer()),
          c.var.now,
        ),
      ),
  );

  defineRoute(
    app,
    {
      path: '/api/upload/complete',
      effect: 'write',
      methods: ['post'],
      tag: 'Storage',
      summary: 'After a presigned PUT to object storage: check and keep the file',
      middleware: [requireUser],
      input: z.object({ token: z.string().min(10).max(2000) }),
      output: storedUpload,
    },
    async (c, input) => present(await completeUpload(c.var.db, c.var.user!.id, input.token, c.var.now)),
  );
}
