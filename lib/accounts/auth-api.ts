// Account calls of spec §7: login, register, password reset, SMS codes, QR login, sign-out, guest
// chat accounts, and the captcha challenge they all depend on.

import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import QRCode from 'qrcode';
import { z } from 'zod';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { DomainError, ForbiddenError, LoginRequiredError } from '@/lib/api/errors';
import { defineRoute } from '@/lib/api/route';
import { clientAddress, requestOrigin } from '@/lib/http/client-address';
import { rooms } from '@/lib/realtime/events';
import { publish } from '@/lib/realtime/gateway';
import { effectiveSettings } from '@/lib/system/settings';
import { assertRegistrationOpen, findUserByMobile, login, register, resetPassword } from './auth-service';
import { captchaProvider } from './captcha';
import {
  browserDeviceId,
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_MAX_AGE_DAYS,
  knownDeviceCookie,
  readKnownDevice,
  requiredCaptchaLevel,
} from './login-throttle';
import { mobileKey, mobileSchema } from './mobile';
import {
  cancelQrLogin,
  claimQrSession,
  confirmQrLogin,
  createQrLogin,
  qrBrowserKey,
  scanQrLogin,
} from './qr-login';
import { registered } from './registration-hooks';
import {
  PASSWORD_MIN_LENGTH,
  QR_LOGIN_TTL_SECONDS,
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_MINUTES,
  SMS_RESEND_SECONDS,
} from './rules';
import {
  findSessionUser,
  recordSessionOrigin,
  revokeSession,
  SESSION_TTL_DAYS,
  TOKEN_COOKIE,
  tokenOfRequest,
} from './session';
import { latestOutbox } from './sms';
import { SMS_PURPOSE, sendSmsCode, smsCaptchaLevel } from './sms-codes';
import { createTouristAccount } from './tourist';
import { loginUserFields, loginUserSchema } from './user-fields';

const password = z.string().min(PASSWORD_MIN_LENGTH).max(64);
const smsCode = z.string().trim().max(SMS_CODE_LENGTH).regex(/^\d+$/);
const captcha = z.string().min(1).max(8000);

export const loginInput = z
  .object({
    mobile: mobileSchema,
    password: password.optional(),
    code: smsCode.optional(),
    device_type: z.string().max(16).default('pc'),
    captcha,
  })
  .superRefine((value, context) => {
    if (!value.password && !value.code)
      context.addIssue({
        code: 'invalid_type',
        expected: 'string',
        path: ['password'],
        message: 'received undefined',
      });
  });

export const registerInput = z.object({
  mobile: mobileSchema,
  code: smsCode,
  password,
  invite: z
    .string()
    .trim()
    .max(8)
    .regex(/^[A-Za-z0-9]*$/)
    .optional(),
  platform: z.string().max(16).default('pc'),
  captcha,
});

export const forgotInput = z.object({ mobile: mobileSchema, code: smsCode, password, captcha });

export const getCodeInput = z.object({
  mobile: mobileSchema,
  type: z.coerce.number().pipe(z.union([z.literal(SMS_PURPOSE.register), z.literal(SMS_PURPOSE.other)])),
  captcha,
});

const qrCodeInput = z.object({ code: z.string().min(8).max(64) });

/** The browser's QR-login key: binds the codes it asked for to the browser (see `useToken`). */
const QR_BROWSER_COOKIE = 'qr_login';

const isHttps = (c: Context<AppEnv>) => requestOrigin(c.req.raw.headers).startsWith('https:');

function setPrivateCookie(c: Context<AppEnv>, name: string, value: string, maxAge: number) {
  setCookie(c, name, value, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isHttps(c), maxAge });
}

function setSessionCookie(c: Context<AppEnv>, token: string) {
  setPrivateCookie(c, TOKEN_COOKIE, token, SESSION_TTL_DAYS * 24 * 3600);
}

/** The page the QR points at, on the address the desktop used to reach us. */
function qrPageUrl(c: Context<AppEnv>, code: string) {
  return `${requestOrigin(c.req.raw.headers)}/qr-login?code=${encodeURIComponent(code)}`;
}

export function registerAuthRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/captcha/challenge',
      effect: 'read',
      methods: ['get'],
      tag: 'Account',
      summary:
        'A proof-of-work challenge for the captcha widget (ALTCHA); with `mobile`, as hard as that account’s failed sign-ins (or SMS sends, `for=sms`) ask',
      input: z.object({
        // A malformed number only means no account to look up: the challenge is then the base one.
        mobile: z.string().optional(),
        for: z.enum(['login', 'sms']).default('login'),
      }),
      output: z.unknown(),
    },
    async (c, raw) => {
      const input = { ...raw, mobile: mobileSchema.safeParse(raw.mobile).data };
      let level = 0;
      if (input.mobile) {
        const account = mobileKey(input.mobile);
        level =
          input.for === 'sms'
            ? await smsCaptchaLevel(c.var.db, account)
            : await requiredCaptchaLevel(c.var.db, {
                account,
                address: clientAddress(c.req.raw.headers),
                userId: (await findUserByMobile(c.var.db, input.mobile))?.id,
                deviceCookie: getCookie(c, KNOWN_DEVICE_COOKIE),
              });
      }
      return captchaProvider().challenge(c.var.db, { level, now: c.var.now });
    },
  );

  defineRoute(
    app,
    {
      path: '/api/user/login',
      effect: 'write',
      methods: ['post'],
      tag: 'Account',
      summary: 'Password (or SMS code) login; sets the session cookie',
      input: loginInput,
      output: loginUserSchema,
    },
    async (c, input) => {
      const { level } = await captchaProvider().verify(c.var.db, input.captcha, c.var.now);
      const { user, token, deviceCookie } = await login(
        c.var.db,
        {
          ...input.mobile,
          password: input.password,
          code: input.code,
          deviceType: input.device_type,
          address: clientAddress(c.req.raw.headers),
          captchaLevel: level,
          deviceCookie: getCookie(c, KNOWN_DEVICE_COOKIE),
          userAgent: c.req.header('user-agent') ?? '',
        },
        c.var.now,
      );
      setSessionCookie(c, token);
      setPrivateCookie(c, KNOWN_DEVICE_COOKIE, deviceCookie, KNOWN_DEVICE_MAX_AGE_DAYS * 24 * 3600);
      return loginUserFields(c.var.db, user, token, c.var.now);
    },
  );

  defineRoute(
    app,
    {
      path: '/api/user/registered',
      effect: 'write',
      methods: ['post'],
      tag: 'Account',
      summary: 'Register with an SMS code (type 1); the user then logs in',
      input: registerInput,
      output: z.object({ id: z.number() }),
    },
    async (c, input) => {
      await captchaProvider().verify(c.var.db, input.captcha, c.var.now);
      const user = await register(
        c.var.db,
        {
          ...input.mobile,
          code: input.code,
          password: input.password,
          invite: input.invite || undefined,
          nickname: c.var.t('accounts.defaultNickname', { digits: input.mobile.mobile.slice(-4) }),
        },
        c.var.now,
      );
      await registered(c.var.db, {
        userId: user.id,
        invitedBy: user.invitedBy,
        address: clientAddress(c.req.raw.headers),
        // The browser's device signal, only when it is ours (a forged cookie counts as none).
        device: await readKnownDevice(c.var.db, getCookie(c, KNOWN_DEVICE_COOKIE)),
        now: c.var.now,
      });
      return { id: user.id };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/user/forgotPassword',
      effect: 'write',
      methods: ['post'],
      tag: 'Account',
      summary: 'Set a new password with an SMS code (type 2); signs out every device',
      input: forgotInput,
      output: z.object({ message: z.string() }),
    },
    async (c, input) => {
      await captchaProvider().verify(c.var.db, input.captcha, c.var.now);
      await resetPassword(
        c.var.db,
        { ...input.mobile, code: input.code, password: input.password },
        c.var.now,
      );
      return { message: c.var.t('accounts.passwordReset') };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/user/getCode',
      effect: 'write',
      methods: ['post'],
      tag: 'Account',
      summary: 'Send an SMS code: type 1 to register, 2 for everything else',
      input: getCodeInput,
      output: z.object({ ttl_minutes: z.number(), resend_seconds: z.number() }),
    },
    async (c, input) => {
      // A closed registration sends no codes for it (an invite-only one asks for the invite at the end).
      if (input.type === SMS_PURPOSE.register) await assertRegistrationOpen(c.var.db, null);
      const { level } = await captchaProvider().verify(c.var.db, input.captcha, c.var.now);
      const owner = await findUserByMobile(c.var.db, input.mobile);
      const registered = Boolean(owner);
      if (input.type === SMS_PURPOSE.register && registered) throw new DomainError('MOBILE_TAKEN');
      const device = await readKnownDevice(c.var.db, getCookie(c, KNOWN_DEVICE_COOKIE));
      await sendSmsCode(
        c.var.db,
        {
          ...input.mobile,
          purpose: input.type,
          address: clientAddress(c.req.raw.headers),
          captchaLevel: level,
          knownDevice: Boolean(owner && device?.userId === owner.id),
          // Codes for resets go only to registered numbers; the answer is the same either way.
          deliver: input.type === SMS_PURPOSE.register || registered,
          text: (code) =>
            c.var.t('accounts.smsText', {
              code,
              minutes: SMS_CODE_TTL_MINUTES,
              product: effectiveSettings().productName ?? c.var.t('brand.name'),
            }),
        },
        c.var.now,
      );
      // A browser that has never signed in gets its device signal now (signed, user 0), so the sign-up that
      // follows carries one: invitation rewards treat a sign-up without it as a fraud signal.
      if (input.type === SMS_PURPOSE.register && !device)
        setPrivateCookie(
          c,
          KNOWN_DEVICE_COOKIE,
          await knownDeviceCookie(c.var.db, 0),
          KNOWN_DEVICE_MAX_AGE_DAYS * 24 * 3600,
        );
      return { ttl_minutes: SMS_CODE_TTL_MINUTES, resend_seconds: SMS_RESEND_SECONDS };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/user/getLoginQrcode',
      effect: 'write',
      methods: ['post', 'get'],
      tag: 'Account',
      summary: 'A QR login code and its image (valid 2 minutes)',
      output: z.object({ code: z.string(), img: z.string(), url: z.string(), expires_in: z.number() }),
    },
    async (c) => {
      const browserKey = qrBrowserKey(getCookie(c, QR_BROWSER_COOKIE));
      setPrivateCookie(c, QR_BROWSER_COOKIE, browserKey, 24 * 3600);
      const { code } = await createQrLogin(c.var.db, browserKey, c.var.now);
      const url = qrPageUrl(c, code);
      const img = await QRCode.toDataURL(url, { margin: 1, width: 320, errorCorrectionLevel: 'M' });
      return { code, img, url, expires_in: QR_LOGIN_TTL_SECONDS };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/user/scanLoginQrcode',
      effect: 'write',
      methods: ['post'],
      tag: 'Account',
      summary: 'The signed-in phone opened a QR login code',
      middleware: [requireUser],
      input: qrCodeInput,
      output: z.object({ expires_at: z.date() }),
    },
    async (c, { code }) => {
      const { id, expiresAt } = await scanQrLogin(c.var.db, code, c.var.user!.id, c.var.now);
      publish({ room: rooms.qrLogin(id) }, { code: 200, type: 'scanCode_Login' });
      return { expires_at: expiresAt };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/user/confirmLoginQrcode',
      effect: 'write',
      methods: ['post'],
      tag: 'Account',
      summary: 'The phone confirms: the desktop that showed the code is signed in',
      middleware: [requireUser],
      input: qrCodeInput,
      output: z.null(),
    },
    async (c, { code }) => {
      const { id, token } = await confirmQrLogin(c.var.db, code, c.var.user!.id, c.var.now);
      publish({ room: rooms.qrLogin(id) }, { code: 200, type: 'webLoginSuccess', token });
      return null;
    },
  );

  defineRoute(
    app,
    {
      path: '/api/user/cancelLoginQrcode',
      effect: 'write',
      methods: ['post'],
      tag: 'Account',
      summary: 'The phone declines a QR login',
      middleware: [requireUser],
      input: qrCodeInput,
      output: z.null(),
    },
    async (c, { code }) => {
      await cancelQrLogin(c.var.db, code, c.var.user!.id, c.var.now);
      return null;
    },
  );

  defineRoute(
    app,
    {
      path: '/api/user/useToken',
      effect: 'write',
      methods: ['post'],
      tag: 'Account',
      summary:
        'Keep a session token received by QR login in this browser’s cookie (only the browser that asked for that QR code, once)',
      input: z.object({ token: z.string().min(16).max(200) }),
      output: loginUserSchema,
    },
    async (c, { token }) => {
      const user = await findSessionUser(c.var.db, token, c.var.now);
      if (!user) throw new LoginRequiredError();
      if (!(await claimQrSession(c.var.db, token, getCookie(c, QR_BROWSER_COOKIE))))
        throw new ForbiddenError('QR_OTHER_BROWSER');
      // The session was made by the phone's confirmation: it is this browser's, from this address, and this
      // browser is now a known device of the account (as after a password sign-in).
      const deviceId = await browserDeviceId(c.var.db, getCookie(c, KNOWN_DEVICE_COOKIE));
      await recordSessionOrigin(c.var.db, token, {
        address: clientAddress(c.req.raw.headers),
        deviceId,
        userAgent: c.req.header('user-agent') ?? '',
      });
      setSessionCookie(c, token);
      setPrivateCookie(
        c,
        KNOWN_DEVICE_COOKIE,
        await knownDeviceCookie(c.var.db, user.id, deviceId),
        KNOWN_DEVICE_MAX_AGE_DAYS * 24 * 3600,
      );
      return loginUserFields(c.var.db, user, token, c.var.now);
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Member/SignOut',
      effect: 'write',
      methods: ['post', 'get'],
      tag: 'Account',
      summary: 'Sign out: the session is revoked and the cookie cleared',
      output: z.null(),
    },
    async (c) => {
      const token = tokenOfRequest(c.req.raw.headers);
      if (token) await revokeSession(c.var.db, token, c.var.now);
      deleteCookie(c, TOKEN_COOKIE, { path: '/' });
      return null;
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Universal/imTouristAccount',
      effect: 'write',
      methods: ['get', 'post'],
      tag: 'Account',
      summary: 'A chat account for a guest (id, sig), used until login',
      output: z.object({ id: z.string(), sig: z.string() }),
    },
    async (c) => {
      if (c.var.user) throw new DomainError('ALREADY_SIGNED_IN');
      return createTouristAccount(c.var.db, c.var.now);
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/sms/outbox',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary: 'The latest SMS messages handed to the provider (the built-in outbox delivers only here)',
      staff: [],
      input: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
      output: z.array(
        z.object({
          id: z.number(),
          provider: z.string(),
          recipient: z.string(),
          body: z.string(),
          status: z.string(),
          error: z.string().nullable(),
          createdAt: z.date(),
        }),
      ),
    },
    (c, { limit }) => latestOutbox(c.var.db, limit),
  );
}
