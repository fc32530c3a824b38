// Runtime configuration: every value comes from the environment, has an embedded default, and is
// validated once at boot so a bad value stops start-up with the variable's name.
import { createPrivateKey } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../time/zone';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url().optional());
/** A connection URL of the scheme `pattern` matches (`message` otherwise), unset when empty. */
const schemeUrl = (pattern: RegExp, message: string) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.string().regex(pattern, message).optional());
const postgresUrl = () => schemeUrl(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://');

/** An Ed25519 private key: PEM, or the base64 of its PKCS#8 DER (what `openssl genpkey` writes, minus the armour). */
export function readEd25519PrivateKey(text: string) {
  const key = text.includes('-----BEGIN')
    ? createPrivateKey(text.replace(/\\n/g, '\n'))
    : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
  return key;
}

const ed25519PrivateKey = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string()
    .refine((text) => {
      try {
        readEd25519PrivateKey(text);
        return true;
      } catch {
        return false;
      }
    }, 'must be an Ed25519 private key: PEM (`openssl genpkey -algorithm ed25519`) or its PKCS#8 DER in base64')
    .optional(),
);

export const ROLES = ['web', 'realtime', 'jobs'] as const;

export const configSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'])
      .default('development')
      .describe(
        '`production` serves the built pages (`next build` first) and keeps the strict page policy (no eval); anything else starts Next in development mode. `npm start` and `npm run demo` set it.',
      ),
    PORT: z.coerce
      .number()
      .int()
      .min(1)
      .max(65535)
      .default(3000)
      .describe('Where the portal listens for pages, the API and websockets.'),
    HOST: z
      .string()
      .min(1)
      .default('127.0.0.1')
      .describe(
        'The address the portal and the embedded media server bind to: `0.0.0.0` serves a network (and counts as a public install for the start-up warnings).',
      ),
    DATABASE_URL: postgresUrl().describe(
      'Any PostgreSQL server. Unset: an embedded PostgreSQL is started in `DATA_DIR/pg` (one machine only; several nodes need a shared server).',
    ),
    DATABASE_REPLICA_URL: postgresUrl().describe(
      "A read replica of `DATABASE_URL`: every API route declared `effect: 'read'` runs there, except for a client that wrote in the last 5 s (read-your-writes); sessions and pages read the primary. Unset: the primary.",
    ),
    MIGRATION_DATABASE_URL: postgresUrl().describe(
      'The same database as `DATABASE_URL` reached as the role that owns the tables (and the audit log\'s append-only trigger): start-up runs the migrations through it, then serves through `DATABASE_URL`, whose role may then have data rights only (docs/operations.md, "Database roles"). Unset: migrations run as `DATABASE_URL`\'s role.',
    ),
    REDIS_URL: schemeUrl(/^rediss?:\/\//, 'must start with redis:// or rediss://').describe(
      'Redis shared by every node (`redis://[:password@]host:port[/db]`, `rediss://` for TLS): the socket.io adapter (sharded pub/sub on Redis 7), rate limits, online counts, hot searches, rankings and the chat state cache; `/api/ready` pings it. Unset: all of it in process, which serves one node only.',
    ),
    DATABASE_POOL_SIZE: z.coerce
      .number()
      .int()
      .min(1)
      .max(500)
      .default(10)
      .describe("Connections per pool in each process (the primary's and the replica's)."),
    DATA_DIR: z
      .string()
      .min(1)
      .default('.data')
      .describe(
        "This node's local data: the embedded database (`pg/`), uploads with `STORAGE_PROVIDER=local` (`uploads/`) and the embedded media server's HLS recordings (`media/`).",
      ),
    EMBEDDED_PG_PORT: z.coerce
      .number()
      .int()
      .min(0)
      .max(65535)
      .default(0)
      .describe('Port of the embedded database; 0 picks a free one. Ignored with `DATABASE_URL`.'),
    MOBILE_SITE_URL: optionalUrl.describe(
      'Viewports up to 500 px wide are redirected here, keeping path, query and hash. Unset: no redirect.',
    ),
    MOBILE_REDIRECT: flag
      .default(true)
      .describe(
        'Off disables the mobile redirect entirely (audit tools with a mobile user agent); `?desktop=1` does the same for one browser.',
      ),
    HSTS: flag
      .default(false)
      .describe(
        'Strict-Transport-Security (two years, subdomains) on every response: on when browsers reach the portal over HTTPS (usually through a TLS proxy); never on a plain-http install.',
      ),
    SITE_URL: optionalUrl.describe(
      'The public origin (`https://live.example.com`): absolute canonical and hreflang URLs, the sitemap, RSS feeds and social cards. Unset: `http://<HOST or localhost>:<PORT>`.',
    ),
    PRODUCT_NAME: z
      .string()
      .max(40)
      .optional()
      .describe(
        'The brand in page titles (`screen - product`) and in SMS texts. Unset: the translated default name from the message catalogs (开球直播 / Kickoff Live).',
      ),
    TIME_ZONE: z
      .string()
      .refine(isTimeZone, 'not a time zone this runtime knows (an IANA name such as Asia/Shanghai or UTC)')
      .default(DEFAULT_TIME_ZONE)
      .describe(
        "The portal's zone (IANA name): every date and time is shown in it until a visitor's browser has told its own zone (a cookie), then in the visitor's. Counting days (rankings, daily caps, hot searches) stay UTC+8.",
      ),
    CUSTOMER_SERVICE_EMAIL: z
      .email()
      .default('service@sports-portal.local')
      .describe('Shown in the footer and on the about page, and returned by the system-config call.'),
    APP_IOS_URL: z
      .preprocess((value) => (value === '' ? undefined : value), z.url({ protocol: /^https?$/ }).optional())
      .describe(
        'Where the iPhone app is downloaded: `/downLoad` shows a QR code and a button for it. Unset: the page offers the web portal with its add-to-home-screen steps for iOS.',
      ),
    APP_ANDROID_URL: z
      .preprocess((value) => (value === '' ? undefined : value), z.url({ protocol: /^https?$/ }).optional())
      .describe(
        'Where the Android app is downloaded: `/downLoad` shows a QR code and a button for it. Unset: the page offers the web portal with its add-to-home-screen steps for Android.',
      ),
    COMPANY_ID: z.coerce
      .number()
      .int()
      .min(1)
      .default(1)
      .describe(
        "The site's company number (spec §7): returned by the system-config call and sent back by browsers in the websocket `toggle` message, which puts the socket in that company's room.",
      ),
    WEBSOCKET_URL: optionalUrl.describe(
      "The websocket address handed to browsers (also allowed in the page policy's connect-src). Unset: the portal's own origin.",
    ),
    TRUSTED_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url().transform((origin) => new URL(origin).origin)))
      .describe(
        "Origins besides the portal's own whose pages may make state-changing calls with the session cookie (e.g. `https://admin.example.com`); others get 403. Default: none.",
      ),
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
      )
      .describe(
        "Reverse proxies in front of the portal (addresses or CIDR ranges, e.g. `127.0.0.1,10.0.0.0/8`): only from these are `X-Forwarded-For` (its right-most untrusted entry is the client), `X-Forwarded-Proto` and `X-Forwarded-Host` read. Set it behind any proxy, or every client shares the proxy's address in the login limits. Default: none, the socket's address counts.",
      ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info')
      .describe(
        "pino's level for the portal's JSON log on stdout; at `debug` or `trace` the embedded media server logs too.",
      ),
    AUDIT_SIGNING_KEY: ed25519PrivateKey.describe(
      "The Ed25519 private key that signs the audit log's checkpoints (lib/audit/checkpoints.ts): PEM (newlines may be written `\\n`) or the base64 of its PKCS#8 DER; make one with `openssl genpkey -algorithm ed25519`. It never enters the database; its public key is served at `GET /api/audit/head` so copies of the checkpoints can be checked anywhere. Unset: checkpoints are still made but unsigned, and the head, the chain check and a start-up warning say `unsigned` (a database superuser could then forge them). Keep it out of the database backups and off the database host.",
    ),
    AUDIT_CHECKPOINT_EVERY: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(1000)
      .describe(
        'A checkpoint of the audit chain (its length and head hash, signed) is made every this many entries, besides the hourly `audit-checkpoint` job; each is logged (`audit_checkpoint`) and served at `GET /api/audit/head`.',
      ),
    METRICS_TOKEN: z
      .preprocess((value) => (value === '' ? undefined : value), z.string().min(16).optional())
      .describe(
        'Bearer token of `GET /metrics` (Prometheus text, lib/ops/metrics.ts): scrapers send `Authorization: Bearer <token>`. Unset: the endpoint answers 404.',
      ),
    SHUTDOWN_GRACE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(600_000)
      .default(10_000)
      .describe(
        'On SIGTERM, how long requests under way may take to finish before their connections are cut (milliseconds); the node answers `/api/ready` with 503 meanwhile, so a load balancer stops sending it new ones.',
      ),
    ROLES: z
      .string()
      .default(ROLES.join(','))
      .transform((value) => value.split(',').map((role) => role.trim()))
      .pipe(z.array(z.enum(ROLES)).min(1))
      .describe(
        'Which parts this process runs, for scaling out: `web` (pages, the API and the embedded media server), `realtime` (the socket.io gateway), `jobs` (background jobs and the feeds).',
      ),
    FEED_CLOCK_SPEED: z.coerce
      .number()
      .min(0.1)
      .max(600)
      .default(1)
      .describe(
        'Match minutes per real minute in the replay feed and the simulator: 1 plays matches in real time, 15 shows a whole football match in about seven minutes for a demo.',
      ),
    CLOCK_START: z
      .preprocess(
        (value) => (value === '' ? undefined : value),
        z.iso
          .datetime({ offset: true })
          .transform((value) => new Date(value))
          .optional(),
      )
      .describe(
        "For tests and demos: the portal's clock starts at this instant (e.g. `2026-10-24T23:59:30Z`) and runs on in real time, for every time source in the process; `/api/health` reports it as `now`. Unset: the real time. Never on a public install.",
      ),
    FEEDS: flag
      .default(true)
      .describe(
        'The football replay feed and the basketball/e-sports simulator; off leaves only imported data.',
      ),
    SEED_ON_START: flag
      .default(false)
      .describe(
        'Seed the demo data after migrating (demo accounts, live rooms, wallets, football data, match reports, videos), and play the fictional football league beside the replays so experts have football matches ahead to publish on: `npm run demo` sets it.',
      ),
    DEMO_STREAMS: z.coerce
      .number()
      .int()
      .min(0)
      .max(8)
      .default(0)
      .describe(
        "How many demo anchors' rooms the portal keeps on air by itself, each looping a demo video rendered once with ffmpeg into the embedded RTMP ingest and bound to a match of its sport (lib/demo/streams.ts); needs the demo data (`SEED_ON_START`) and the embedded media server. `npm run demo` sets 3; 0 (none) everywhere else.",
      ),
    SECRET_KEY: z
      .string()
      .min(32)
      .optional()
      .describe(
        "Master key of the portal's HMAC signatures (captcha, chat signatures); each purpose derives its own key from it. Unset: generated once and kept in the database, which is right for one install; set the same value where several installs must agree.",
      ),
    SMS_PROVIDER: z
      .enum(['outbox', 'http'])
      .default('outbox')
      .describe(
        'Who delivers SMS codes: `outbox` keeps them in the database for operators to read, `http` posts them to `SMS_HTTP_URL`.',
      ),
    SMS_HTTP_URL: optionalUrl.describe(
      'The SMS gateway: receives `POST {to, text}` as JSON with `Authorization: Bearer SMS_HTTP_TOKEN`.',
    ),
    SMS_HTTP_TOKEN: z.string().optional().describe('The bearer token sent to `SMS_HTTP_URL`.'),
    STORAGE_PROVIDER: z
      .enum(['local', 's3'])
      .default('local')
      .describe(
        'Where uploads are kept: `local` (`DATA_DIR/uploads`, served by the portal at `/uploads/…`; one node only) or `s3`, an S3-compatible bucket shared by every node.',
      ),
    S3_ENDPOINT: optionalUrl.describe(
      'The S3-compatible service (AWS S3, MinIO, R2, COS, OSS…); objects are addressed path-style, `<endpoint>/<bucket>/<key>`.',
    ),
    S3_BUCKET: z.string().optional().describe('The bucket uploads go to.'),
    S3_REGION: z
      .string()
      .default('us-east-1')
      .describe('The region requests are signed for (AWS Signature V4).'),
    S3_ACCESS_KEY_ID: z.string().optional().describe('The access key the portal signs S3 requests with.'),
    S3_SECRET_ACCESS_KEY: z.string().optional().describe('The secret of `S3_ACCESS_KEY_ID`.'),
    S3_PUBLIC_URL: optionalUrl.describe(
      "Where browsers read stored objects (`<url>/<key>`): a CDN or the bucket's public address.",
    ),
    MEDIA: flag
      .default(true)
      .describe(
        'The embedded media server (node-media-server: RTMP in, HTTP-FLV out, ffmpeg HLS) in processes with the `web` role; off when an external engine takes the pushes.',
      ),
    MEDIA_RTMP_PORT: z.coerce
      .number()
      .int()
      .min(1)
      .max(65535)
      .default(1935)
      .describe(
        'Where streamers push RTMP (bound to `HOST`), and the port in the push address shown to them.',
      ),
    MEDIA_HTTP_PORT: z.coerce
      .number()
      .int()
      .min(1)
      .max(65535)
      .default(8000)
      .describe(
        "node-media-server's HTTP-FLV port, bound to `HOST`; browsers reach it through the portal's `/media/live/<room>.flv`, never directly.",
      ),
    MEDIA_PUBLIC_HOST: z
      .string()
      .min(1)
      .optional()
      .describe(
        'The host streamers push to (`rtmp://<host>:<MEDIA_RTMP_PORT>/live`). Unset: the host of the page that asks.',
      ),
    MEDIA_CDN_URL: optionalUrl.describe(
      'An external engine (nginx-rtmp, SRS) or its CDN: viewers play `<url>/<room>/index.m3u8` from here, and the embedded media server is not started.',
    ),
    MEDIA_PUBLISH_GRACE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(120_000)
      .default(3000)
      .describe(
        'How long a dropped push may reconnect and continue the same broadcast before the room ends.',
      ),
    FFMPEG_PATH: z
      .string()
      .min(1)
      .optional()
      .describe(
        "The ffmpeg that packages HLS and recordings and makes the demo videos. Unset: the system's ffmpeg, else the one from `@ffmpeg-installer/ffmpeg`.",
      ),
    CAPTCHA_COST: z.coerce
      .number()
      .int()
      .min(100)
      .max(10_000_000)
      .default(20_000)
      .describe(
        'Proof-of-work difficulty of the built-in ALTCHA captcha (SHA-256 rounds a browser tries on average per login, registration or SMS send); doubled step by step, up to 64 times, for accounts with failed logins and repeated SMS sends.',
      ),
    GIFT_ANCHOR_SHARE: z.coerce
      .number()
      .int()
      .min(0)
      .max(100)
      .default(50)
      .describe("The anchor's share of a gift's star-diamond value, paid in yellow diamonds (percent)."),
    HORN_PRICE: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(100)
      .describe(
        "The price of one global horn message, in star diamonds (nobles' 30 free a month cost nothing).",
      ),
    NOBILITY_STAR_RATE: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000)
      .default(1)
      .describe(
        'Star diamonds a viewer pays per yellow diamond of a nobility price (tiers are priced in yellow diamonds, which only anchors earn). At least 1: anchors turn yellow into star diamonds 1:1, so a lower rate would make paying through a conversion cheaper than paying in yellow.',
      ),
    EXPERT_SHARE: z.coerce
      .number()
      .int()
      .min(0)
      .max(100)
      .default(70)
      .describe(
        "An expert's share of a sold plan's star-diamond price, paid in yellow diamonds once the graded plan's dispute window closes (percent; the rest is the platform's).",
      ),
    EXPERT_PRICING_MIN_GRADED: z.coerce
      .number()
      .int()
      .min(0)
      .max(1_000)
      .default(10)
      .describe('Graded free plans an expert needs before pricing plans.'),
    EXPERT_PRICING_MIN_HIT_RATE: z.coerce
      .number()
      .min(0)
      .max(100)
      .default(40)
      .describe(
        "The hit rate (percent, over the expert's graded plans) an expert needs before pricing plans.",
      ),
    EXPERT_PRICE_MAX: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(2_000)
      .describe('The highest price of a plan, in star diamonds.'),
    WITHDRAW_MIN: z.coerce
      .number()
      .int()
      .min(1)
      .default(100)
      .describe('The smallest withdrawal an anchor may apply for, in yellow diamonds.'),
    WITHDRAW_FEE_PERCENT: z.coerce
      .number()
      .min(0)
      .max(100)
      .default(0)
      .describe("The platform's fee on a withdrawal (percent of the amount, kept as revenue when paid out)."),
    PAY_SANDBOX: flag
      .default(true)
      .describe(
        'The built-in sandbox checkout (confirm or cancel, no real money): anyone can credit star diamonds with it, so turn it off on a public install.',
      ),
    ALIPAY_APP_ID: z
      .string()
      .optional()
      .describe(
        'Alipay page pay (official alipay-sdk, RSA2): the app id; with both keys it turns the channel on (notify URL `/api/pay/notify/alipay`).',
      ),
    ALIPAY_PRIVATE_KEY: z
      .string()
      .optional()
      .describe("The app's RSA2 private key that signs Alipay requests (PEM or bare base64)."),
    ALIPAY_PUBLIC_KEY: z
      .string()
      .optional()
      .describe("Alipay's public key that checks its notifications (PEM or bare base64)."),
    ALIPAY_GATEWAY: optionalUrl.describe(
      "Alipay's gateway. Unset: alipay-sdk's default, the production gateway.",
    ),
    VNPAY_TMN_CODE: z
      .string()
      .optional()
      .describe(
        'VNPay (the vnpay package, HMAC-SHA512): the merchant terminal code; with `VNPAY_SECURE_SECRET` it turns the channel on (IPN URL `/api/pay/notify/vnpay`).',
      ),
    VNPAY_SECURE_SECRET: z
      .string()
      .optional()
      .describe('The VNPay secret that signs and checks payment URLs and IPNs.'),
    VNPAY_HOST: optionalUrl.describe("VNPay's host. Unset: the vnpay package's default, the sandbox."),
    IM_PROVIDER: z
      .enum(['socket', 'tencent'])
      .default('socket')
      .describe(
        "Room chat's IM provider: the built-in socket.io gateway, or `tencent` (Tencent Cloud Chat, lib/im; untested against the live service).",
      ),
    TENCENT_IM_SDK_APP_ID: z.coerce
      .number()
      .int()
      .positive()
      .optional()
      .describe('The Tencent Cloud Chat SDKAppID.'),
    TENCENT_IM_SECRET_KEY: z
      .string()
      .min(1)
      .optional()
      .describe('The Tencent Cloud Chat secret key the server signs UserSigs with.'),
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
