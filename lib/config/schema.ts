// Runtime configuration: every value comes from the environment, has an embedded default, and is
// validated once at boot so a bad value stops start-up with the variable's name.
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url().optional());

export const ROLES = ['web', 'realtime', 'jobs'] as const;

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** Unset: an embedded PostgreSQL is started in DATA_DIR. */
    DATABASE_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    /** A read replica of DATABASE_URL: every 'read' API route runs there. Unset: the primary. */
    DATABASE_REPLICA_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    /**
     * Redis shared by every node (`redis://[:password@]host:port[/db]`, `rediss://` for TLS): the socket.io
     * adapter, rate limits, online counts, hot searches, rankings, the chat state cache. Unset: in process.
     */
    REDIS_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
        .optional(),
    ),
    /** Connections per pool in each process (the primary's and the replica's). */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    DATA_DIR: z.string().min(1).default('.data'),
    /** 0 picks a free port for the embedded database. */
    EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    /** Viewports up to 500 px wide are sent here; unset turns the redirect off. */
    MOBILE_SITE_URL: optionalUrl,
    /** Audit tools with a mobile user agent: set to off to disable the mobile redirect entirely. */
    MOBILE_REDIRECT: flag.default(true),
    /**
     * Strict-Transport-Security on every response: on when browsers reach the portal over HTTPS (usually
     * through a TLS proxy); off by default, since a plain-http install must never promise HTTPS.
     */
    HSTS: flag.default(false),
    /**
     * The portal's public origin (`https://live.example.com`): absolute canonical and hreflang URLs, the
     * sitemap, feeds and social cards. Unset: `http://<HOST or localhost>:<PORT>`.
     */
    SITE_URL: optionalUrl,
    /** Unset: the translated default brand name from the message catalogs. */
    PRODUCT_NAME: z.string().max(40).optional(),
    CUSTOMER_SERVICE_EMAIL: z.email().default('service@sports-portal.local'),
    /** Where the phone apps are downloaded (/downLoad shows a QR code per platform); unset: not offered. */
    APP_IOS_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.url({ protocol: /^https?$/ }).optional(),
    ),
    APP_ANDROID_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.url({ protocol: /^https?$/ }).optional(),
    ),
    COMPANY_ID: z.coerce.number().int().min(1).default(1),
    /** Websocket address handed to browsers; unset: the portal's own origin. */
    WEBSOCKET_URL: optionalUrl,
    /**
     * Origins besides the portal's own whose pages may make state-changing calls with the session cookie
     * (comma-separated, e.g. `https://admin.example.com`). Default: none.
     */
    TRUSTED_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url().transform((origin) => new URL(origin).origin))),
    /**
     * Reverse proxies in front of the portal (comma-separated addresses or CIDR ranges, e.g.
     * `127.0.0.1,10.0.0.0/8`). Only a request whose socket peer is listed here has its `X-Forwarded-For`
     * read (its right-most untrusted entry is the client). Default: none, the socket's address counts.
     */
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: 'not an IP address or CIDR range' }),
        ),
      ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Bearer token of `GET /metrics` (Prometheus text, lib/ops/metrics.ts): scrapers send
     * `Authorization: Bearer <token>`. Unset: the endpoint answers 404.
     */
    METRICS_TOKEN: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(16).optional()),
    /**
     * On SIGTERM, how long requests under way may take to finish before their connections are cut; the
     * node answers `/api/ready` with 503 meanwhile, so a load balancer stops sending it new ones.
     */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /** Which parts this process runs, for scaling out: web pages + API, websocket gateway, background jobs. */
    ROLES: z
      .string()
      .default(ROLES.join(','))
      .transform((value) => value.split(',').map((role) => role.trim()))
      .pipe(z.array(z.enum(ROLES)).min(1)),
    /**
     * How many match minutes pass per real minute in the replay feed and the simulator: 1 plays matches
     * in real time, 15 shows a whole football match in about seven minutes for a demo.
     */
    FEED_CLOCK_SPEED: z.coerce.number().min(0.1).max(600).default(1),
    /**
     * The portal's clock starts at this instant (ISO 8601 with a zone, e.g. `2026-10-24T23:59:30Z`) and runs
     * on in real time: the e2e suite starts at the same day and hour on every run. Unset: the real time.
     */
    CLOCK_START: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.iso
        .datetime({ offset: true })
        .transform((value) => new Date(value))
        .optional(),
    ),
    /** Replayed and simulated matches; off leaves only imported data. */
    FEEDS: flag.default(true),
    /** Seed demo data after migrating (used by `npm run demo` and the e2e server). */
    SEED_ON_START: flag.default(false),
    /** Master key for the portal's HMAC signatures (captcha, chat signatures). Unset: generated once and
     * kept in the database, which is right for one install; set it when several installs must agree. */
    SECRET_KEY: z.string().min(32).optional(),
    /** Who delivers SMS codes: the built-in outbox (operators read it) or an HTTP gateway. */
    SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
    /** HTTP gateway: receives POST {to, text} as JSON with `Authorization: Bearer SMS_HTTP_TOKEN`. */
    SMS_HTTP_URL: optionalUrl,
    SMS_HTTP_TOKEN: z.string().optional(),
    /** Where uploads are kept: `local` (DATA_DIR/uploads, served by the portal) or an S3-compatible bucket. */
    STORAGE_PROVIDER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Where browsers read stored objects: a CDN or the bucket's public address. */
    S3_PUBLIC_URL: optionalUrl,
    /** The embedded media server (RTMP in, HTTP-FLV out, ffmpeg HLS); off when an external engine is used. */
    MEDIA: flag.default(true),
    MEDIA_RTMP_PORT: z.coerce.number().int().min(1).max(65535).default(1935),
    /** node-media-server's HTTP-FLV port; browsers reach it through the portal's `/media/live/<room>.flv`. */
    MEDIA_HTTP_PORT: z.coerce.number().int().min(1).max(65535).default(8000),
    /** Host streamers push to (`rtmp://<host>:<port>/live`); unset: the host of the page that asks. */
    MEDIA_PUBLIC_HOST: z.string().min(1).optional(),
    /** External engine (SRS, nginx-rtmp): viewers play `<url>/<room>/index.m3u8` from here. */
    MEDIA_CDN_URL: optionalUrl,
    /** How long a dropped push may reconnect before the broadcast ends. */
    MEDIA_PUBLISH_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(3000),
    /** ffmpeg for HLS packaging; unset: the system's ffmpeg, else the one from @ffmpeg-installer. */
    FFMPEG_PATH: z.string().min(1).optional(),
    /** Proof-of-work difficulty of the built-in ALTCHA captcha (iterations the browser tries on average). */
    CAPTCHA_COST: z.coerce.number().int().min(100).max(10_000_000).default(20_000),
    /** The anchor's share of a gift's value, paid in yellow diamonds (percent). */
    GIFT_ANCHOR_SHARE: z.coerce.number().int().min(0).max(100).default(50),
    /** The price of one global horn message, in star diamonds (nobles' 30 free a month cost nothing). */
    HORN_PRICE: z.coerce.number().int().min(1).max(1_000_000).default(100),
    /** The smallest withdrawal an anchor may apply for, in yellow diamonds. */
    WITHDRAW_MIN: z.coerce.number().int().min(1).default(100),
    /** The platform's fee on a withdrawal (percent of the amount, kept as revenue when paid out). */
    WITHDRAW_FEE_PERCENT: z.coerce.number().min(0).max(100).default(0),
    /** The built-in sandbox checkout (confirm or cancel, no real money): turn off on a public install. */
    PAY_SANDBOX: flag.default(true),
    /** Alipay (official alipay-sdk, RSA2): all three turn the channel on. Keys in PEM or bare base64. */
    ALIPAY_APP_ID: z.string().optional(),
    ALIPAY_PRIVATE_KEY: z.string().optional(),
    ALIPAY_PUBLIC_KEY: z.string().optional(),
    ALIPAY_GATEWAY: optionalUrl,
    /** VNPay (the vnpay package, HMAC-SHA512): both turn the channel on; VNPAY_HOST defaults to the sandbox. */
    VNPAY_TMN_CODE: z.string().optional(),
    VNPAY_SECURE_SECRET: z.string().optional(),
    VNPAY_HOST: optionalUrl,
    /** Room chat's IM provider: the built-in socket.io gateway, or Tencent Cloud Chat (lib/im). */
    IM_PROVIDER: z.enum(['socket', 'tencent']).default('socket'),
    TENCENT_IM_SDK_APP_ID: z.coerce.number().int().positive().optional(),
    TENCENT_IM_SECRET_KEY: z.string().min(1).optional(),
  })
  .refine((config) => config.SMS_PROVIDER !== 'http' || config.SMS_HTTP_URL, {
    path: ['SMS_HTTP_URL'],
    message: 'required when SMS_PROVIDER=http',
  })
  .superRefine((config, context) => {
    if (config.IM_PROVIDER !== 'tencent') return;
    for (const variable of ['TENCENT_IM_SDK_APP_ID', 'TENCENT_IM_SECRET_KEY'] as const) {
      if (!config[variable])
        context.addIssue({ code: 'custom', path: [variable], message: 'required when IM_PROVIDER=tencent' });
    }
  })
  .superRefine((config, context) => {
    if (config.STORAGE_PROVIDER !== 's3') return;
    for (const variable of [
      'S3_ENDPOINT',
      'S3_BUCKET',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_PUBLIC_URL',
    ] as const) {
      if (!config[variable])
        context.addIssue({ code: 'custom', path: [variable], message: 'required when STORAGE_PROVIDER=s3' });
    }
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${issues.map((issue) => `  ${issue.variable}: ${issue.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => ({
      variable: String(issue.path[0] ?? 'environment'),
      message: issue.message,
    })),
  );
}
