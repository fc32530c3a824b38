// Anchor applications (spec §7 `api/Member/applyChannel`) and their review by operators.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { findUserById } from '@/lib/accounts/auth-service';
import { captchaProvider } from '@/lib/accounts/captcha';
import { checkCnId, checkPassport, normalizeIdNumber } from '@/lib/accounts/identity';
import { SMS_CODE_LENGTH, SMS_CODE_TTL_MINUTES } from '@/lib/accounts/rules';
import { SMS_PURPOSE, sendSmsCode } from '@/lib/accounts/sms-codes';
import { requireStaff, requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { DomainError } from '@/lib/api/errors';
import { defineRoute } from '@/lib/api/route';
import { clientAddress } from '@/lib/http/client-address';
import { effectiveSettings } from '@/lib/system/settings';
import { applicationPhoto, latestApplication, submitApplication } from './applications';

/** Spec §5: the experience answer has at least 15 characters. */
export const EXPERIENCE_MIN = 15;
export const EXPERIENCE_MAX = 500;

export const applyInput = z.object({
  real_name: z.string().trim().min(2).max(40),
  contact: z.string().trim().min(3).max(60),
  id_number: z
    .string()
    .trim()
    .min(5)
    .max(32)
    .transform(normalizeIdNumber)
    // A number shaped like a resident ID must pass its checksum; anything else is read as a passport.
    .refine((value) =>
      /^\d{17}[\dX]$/.test(value)
        ? checkCnId(value).status === 'succeeded'
        : checkPassport(value).status === 'succeeded',
    ),
  id_photo: z.string().regex(/^identity\/[0-9a-f]{32}\.jpg$/),
  experience: z.string().trim().min(EXPERIENCE_MIN).max(EXPERIENCE_MAX),
  referrer: z.string().trim().max(40).optional(),
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`)),
});

const applicationView = z.object({
  status: z.enum(['none', 'pending', 'succeeded', 'failed']),
  reason: z.string().nullable(),
  created_at: z.date().nullable(),
});

export function registerApplicationRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Member/sendOwnCode',
      effect: 'write',
      methods: ['post'],
      tag: 'Live',
      summary: 'An SMS code to the signed-in user’s own number (anchor application)',
      middleware: [requireUser],
      input: z.object({ captcha: z.string().min(1).max(8000) }),
      output: z.object({ ttl_minutes: z.number() }),
    },
    async (c, input) => {
      await captchaProvider().verify(c.var.db, input.captcha, c.var.now);
      const user = await findUserById(c.var.db, c.var.user!.id);
      await sendSmsCode(
        c.var.db,
        {
          countryCode: user.countryCode,
          mobile: user.mobile,
          purpose: SMS_PURPOSE.other,
          address: clientAddress(c.req.raw.headers),
          // The signed-in owner of the number: strangers' sends to it never hold them back.
          knownDevice: true,
          text: (code) =>
            c.var.t('accounts.smsText', {
              code,
              minutes: SMS_CODE_TTL_MINUTES,
              product: effectiveSettings().productName ?? c.var.t('brand.name'),
            }),
        },
        c.var.now,
      );
      return { ttl_minutes: SMS_CODE_TTL_MINUTES };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Member/applyChannel',
      effect: 'write',
      methods: ['post'],
      tag: 'Live',
      summary: 'Apply to become an anchor (reviewed by an operator)',
      middleware: [requireUser],
      input: applyInput,
      output: applicationView,
    },
    async (c, input) => {
      // The schema has no clock: a resident ID's birth date is checked against the request's day here.
      const birth = /^\d{17}[\dX]$/.test(input.id_number) ? checkCnId(input.id_number, c.var.now) : null;
      if (birth?.status === 'failed') throw new DomainError(birth.reason);
      const row = await submitApplication(
        c.var.db,
        c.var.user!.id,
        {
          realName: input.real_name,
          contact: input.contact,
          idNumber: input.id_number,
          idPhotoKey: input.id_photo,
          experience: input.experience,
          referrer: input.referrer,
          code: input.code,
        },
        c.var.now,
      );
      return { status: row.status, reason: row.reason, created_at: row.createdAt };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Member/getApplyChannel',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Live',
      summary: 'The signed-in user’s latest anchor application',
      middleware: [requireUser],
      output: applicationView,
    },
    async (c) => {
      const row = await latestApplication(c.var.db, c.var.user!.id);
      return row
        ? { status: row.status, reason: row.reason, created_at: row.createdAt }
        : { status: 'none' as const, reason: null, created_at: null };
    },
  );

  app.get('/api/admin/anchorapplication/photo', requireStaff(['moderator']), async (c) => {
    const id = Number(c.req.query('id'));
    if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError('APPLICATION_NOT_FOUND', { status: 404 });
    const bytes = await applicationPhoto(c.var.db, id);
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': 'image/jpeg',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
  });
}
