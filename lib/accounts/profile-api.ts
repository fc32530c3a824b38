// Profile calls of spec §7 (avatarList, updateInfo, getUserInfo, verified, getVerifiedInfo,
// paymentPassword) and the pictures they point at (avatars, level badges).
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { LoginRequiredError, NotFoundError } from '@/lib/api/errors';
import { defineRoute } from '@/lib/api/route';
import { balancesOf } from '@/lib/wallet/ledger';
import { AVATAR_CHOICES, isAvatarStyle } from './avatars';
import { levelIconUrl, MAX_LEVEL } from './level';
import { drawAvatar, drawLevelIcon } from './profile-images';
import {
  paymentPasswordInput,
  timeZoneInput,
  updateInfoInput,
  userInfoInput,
  verifiedInput,
} from './profile-schemas';
import {
  getOwnProfile,
  getPublicProfile,
  getVerification,
  type OwnProfile,
  type PublicProfile,
  setPaymentPassword,
  setTimeZone,
  submitVerification,
  updateProfile,
  type VerificationView,
} from './profile-service';

const flag = z.union([z.literal(0), z.literal(1)]);
const asFlag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

export const publicProfileSchema = z.object({
  id: z.number(),
  user_nickname: z.string(),
  avatar: z.string(),
  signature: z.string(),
  level: z.number(),
  exp_icon: z.string(),
  is_anchor: flag,
});

const verificationStatus = z.enum(['none', 'pending', 'succeeded', 'failed']);

export const ownProfileSchema = publicProfileSchema.extend({
  mobile: z.string(),
  country_code: z.string(),
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  birthday: z.string().nullable(),
  experience: z.number(),
  next_level_experience: z.number().nullable(),
  invite_code: z.string().nullable(),
  created_at: z.string(),
  has_payment_password: flag,
  verified: verificationStatus,
  balance: z.number(),
});

export const verificationSchema = z.object({
  status: verificationStatus,
  real_name: z.string().nullable(),
  id_type: z.string().nullable(),
  id_number: z.string().nullable(),
  /** Translated reason of a failed check. */
  reason: z.string().nullable(),
});

function publicBody(profile: PublicProfile) {
  return {
    id: profile.id,
    user_nickname: profile.nickname,
    avatar: profile.avatar,
    signature: profile.signature,
    level: profile.level,
    exp_icon: levelIconUrl(profile.level),
    is_anchor: asFlag(profile.isAnchor),
  };
}

function ownBody(profile: OwnProfile, balance: number) {
  return {
    ...publicBody(profile),
    mobile: profile.mobile,
    country_code: profile.countryCode,
    gender: profile.gender,
    birthday: profile.birthday,
    experience: profile.experience,
    next_level_experience: profile.nextLevelExperience,
    invite_code: profile.inviteCode,
    created_at: profile.createdAt.toISOString(),
    has_payment_password: asFlag(profile.hasPaymentPassword),
    verified: profile.verification,
    // Star diamonds, from the wallet ledger.
    balance,
  };
}

function verificationBody(c: Context<AppEnv>, view: VerificationView) {
  const reasonKey = view.reason ? `errors.${view.reason}` : null;
  return {
    status: view.status,
    real_name: view.realName,
    id_type: view.idType,
    id_number: view.idNumber,
    reason: reasonKey && c.var.t.has(reasonKey as never) ? c.var.t(reasonKey as never) : view.reason,
  };
}

/** Generated pictures never change for a given address: let browsers and proxies keep them. */
function svgResponse(svg: string, maxAgeSeconds: number) {
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': `public, max-age=${maxAgeSeconds}, immutable`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

const YEAR_SECONDS = 365 * 24 * 3600;
const WEEK_SECONDS = 7 * 24 * 3600;
const SEED_MAX = 64;

function registerPictureRoutes(app: OpenAPIHono<AppEnv>) {
  const svgDoc = (path: string, summary: string, query: z.ZodObject) =>
    app.openAPIRegistry.registerPath({
      method: 'get',
      path,
      summary,
      tags: ['Account'],
      request: { query },
      responses: { 200: { description: 'SVG image', content: { 'image/svg+xml': { schema: z.string() } } } },
    });

  svgDoc(
    '/api/universal/avatar',
    'A generated avatar picture (addresses come from avatarList or a user’s default)',
    z.object({ style: z.string(), seed: z.string() }),
  );
  // Registered lower-case like defineRoute's paths: the app matches the lower-cased path.
  app.get('/api/universal/avatar', (c) => {
    const style = c.req.query('style') ?? '';
    const seed = c.req.query('seed') ?? '';
    if (!isAvatarStyle(style) || !seed || seed.length > SEED_MAX) throw new NotFoundError();
    return svgResponse(drawAvatar(style, seed), YEAR_SECONDS);
  });

  svgDoc(
    '/api/universal/levelIcon',
    'The level badge picture (exp_icon)',
    z.object({ level: z.number().int().min(1).max(MAX_LEVEL) }),
  );
  app.get('/api/universal/levelicon', (c) => {
    const written = c.req.query('level') ?? '';
    const level = /^\d{1,3}$/.test(written) ? Number(written) : 0;
    if (level < 1 || level > MAX_LEVEL) throw new NotFoundError();
    return svgResponse(drawLevelIcon(level), WEEK_SECONDS);
  });
}

export function registerProfileRoutes(app: OpenAPIHono<AppEnv>) {
  registerPictureRoutes(app);

  defineRoute(
    app,
    {
      path: '/api/user/avatarList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Account',
      summary: 'Avatar pictures a user can choose',
      output: z.array(z.string()),
    },
    () => [...AVATAR_CHOICES],
  );

  defineRoute(
    app,
    {
      path: '/api/member/updateInfo',
      effect: 'write',
      methods: ['post'],
      tag: 'Account',
      summary: 'Change nickname, avatar, signature, gender or birthday (only the fields sent)',
      middleware: [requireUser],
      input: updateInfoInput,
      output: ownProfileSchema,
    },
    async (c, input) =>
      ownBody(
        await updateProfile(c.var.db, c.var.user!.id, input, c.var.now),
        (await balancesOf(c.var.db, c.var.user!.id)).star,
      ),
  );

  defineRoute(
    app,
    {
      path: '/api/member/timeZone',
      effect: 'write',
      methods: ['post'],
      tag: 'Account',
      summary: 'Choose the time zone every page shows (an IANA id) or automatic (empty: the browser’s)',
      middleware: [requireUser],
      input: timeZoneInput,
      output: z.object({ time_zone: z.string() }),
    },
    (c, input) => setTimeZone(c.var.db, c.var.user!.id, input.time_zone),
  );

  defineRoute(
    app,
    {
      path: '/api/User/getUserInfo',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Account',
      summary: 'A user’s public profile (uid), or the signed-in user’s own profile (no uid)',
      input: userInfoInput,
      output: z.union([ownProfileSchema, publicProfileSchema]),
    },
    async (c, { uid }) => {
      if (uid !== undefined) return publicBody(await getPublicProfile(c.var.db, uid));
      // Public with a uid, private without: the permission depends on the input, so it is decided here.
      if (!c.var.user) throw new LoginRequiredError();
      return ownBody(
        await getOwnProfile(c.var.db, c.var.user.id),
        (await balancesOf(c.var.db, c.var.user.id)).star,
      );
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Member/verified',
      effect: 'write',
      methods: ['post'],
      tag: 'Account',
      summary: 'Submit real-name verification (a failed one can be sent again; a succeeded one is final)',
      middleware: [requireUser],
      input: verifiedInput,
      output: verificationSchema,
    },
    async (c, input) =>
      verificationBody(c, await submitVerification(c.var.db, c.var.user!.id, input, c.var.now)),
  );

  defineRoute(
    app,
    {
      path: '/api/Member/getVerifiedInfo',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Account',
      summary: 'Real-name verification status with masked name and number',
      middleware: [requireUser],
      output: verificationSchema,
    },
    async (c) => verificationBody(c, await getVerification(c.var.db, c.var.user!.id)),
  );

  defineRoute(
    app,
    {
      path: '/api/Member/paymentPassword',
      effect: 'write',
      methods: ['post'],
      tag: 'Account',
      summary: 'Set or change the payment password (6–12 digits; changing needs the old one)',
      middleware: [requireUser],
      input: paymentPasswordInput,
      output: z.object({ has_payment_password: z.literal(1) }),
    },
    async (c, input) => {
      await setPaymentPassword(c.var.db, c.var.user!.id, input);
      return { has_payment_password: 1 as const };
    },
  );
}
