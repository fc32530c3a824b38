// Operator settings stored in the database and applied without a restart: the product name, the
// customer-service email, the mobile site's address, the replay feed's speed and pause, the gift value
// from which a send asks for confirmation (below it a gift stays one tap), who may register (open,
// invite-only, closed), the rate limits of room chat, private messages and posts, how many distinct
// reporters hide an object until a decision, the SMS gateway (its token write-only: sealed in the
// database, never answered to the console nor audited) and the captcha's difficulty. Each one is
// either set by an operator (a row in `system_settings`) or unset, when the environment's value
// (lib/config) applies, so an install that never opens the console behaves as configured.
//
// Readers that cannot wait (the proxy's mobile redirect, page titles) read a process-wide snapshot
// (`effectiveSettings()`, on globalThis so the custom server and Next's bundles share it). Saving updates
// this process's snapshot at once; `server.ts` reloads it every SETTINGS_REFRESH_MS, so another node
// follows within seconds. Readers that may wait (jobs, API routes) call `freshSettings(db)`.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { DomainError } from '@/lib/api/errors';
import { getConfig } from '@/lib/config';
import type { DbOrTx } from '@/lib/db';
import { systemSettings } from './schema';
import { sealSecret, unsealSecret } from './sealed-secret';
import { writeSetting } from './setting-row';

export const SETTINGS_REFRESH_MS = 5_000;
/** Star diamonds per send from which a gift goes through the spend sheet, until an operator sets another. */
export const GIFT_CONFIRM_STARS_DEFAULT = 1000;

const httpUrl = z
  .url({ protocol: /^https?$/, hostname: z.regexes.domain })
  .max(300)
  .transform((url) => url.replace(/\/+$/, ''));

export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** A rate limit: at most `count` in any `seconds`. */
const rate = (maxSeconds: number) =>
  z.object({
    count: z.number().int().min(1).max(1000),
    seconds: z.number().int().min(1).max(maxSeconds),
  });
export type Rate = { count: number; seconds: number };

/** What applies while an operator set no other: room chat's and private messages' 20 in 30 s, 10 posts an hour. */
export const RATE_DEFAULTS = {
  chatRate: { count: 20, seconds: 30 },
  imRate: { count: 20, seconds: 30 },
  postRate: { count: 10, seconds: 3600 },
} as const satisfies Record<string, Rate>;

/** Settings never answered to a browser nor written to the audit log: stored sealed, shown as "set". */
export const SECRET_SETTINGS = ['smsHttpToken'] as const;
type SecretKey = (typeof SECRET_SETTINGS)[number];
const SEAL_PURPOSE = 'settings-secret';

/** What an operator may set; `null` unsets a value (the environment's applies again). */
export const settingsInput = z.object({
  productName: z.string().trim().min(1).max(40).nullable(),
  customerServiceEmail: z.email().max(120).nullable(),
  mobileSiteUrl: httpUrl.nullable(),
  feedSpeed: z.number().min(0.1).max(600).nullable(),
  feedPaused: z.boolean().nullable(),
  giftConfirmStars: z.number().int().min(1).max(100_000_000).nullable(),
  registration: z.enum(REGISTRATION_MODES).nullable(),
  chatRate: rate(3600).nullable(),
  imRate: rate(3600).nullable(),
  /** Posts are counted over at most a day (the event counters keep 24 hours). */
  postRate: rate(86_400).nullable(),
  /** Distinct open reporters that hide an object until a decision; unset: nothing hides by itself. */
  autoHideReporters: z.number().int().min(2).max(1000).nullable(),
  smsProvider: z.enum(['outbox', 'http']).nullable(),
  smsHttpUrl: httpUrl.nullable(),
  /** Write-only: absent or empty keeps the stored token, `null` removes it. */
  smsHttpToken: z.string().trim().max(500).nullable(),
  captchaCost: z.number().int().min(100).max(10_000_000).nullable(),
});
export type SettingKey = keyof typeof settingsInput.shape;
export type StoredSettings = Partial<{ [K in SettingKey]: Exclude<z.output<typeof settingsInput>[K], null> }>;
export const SETTING_KEYS = Object.keys(settingsInput.shape) as SettingKey[];

export type EffectiveSettings = {
  /** Unset: the translated default name (brand.name). */
  productName: string | undefined;
  customerServiceEmail: string;
  /** Unset: no mobile site (no redirect). */
  mobileSiteUrl: string | undefined;
  feedSpeed: number;
  feedPaused: boolean;
  /** A gift send worth this many star diamonds or more asks for confirmation. */
  giftConfirmStars: number;
  registration: RegistrationMode;
  chatRate: Rate;
  imRate: Rate;
  postRate: Rate;
  /** Unset: reports never hide anything by themselves. */
  autoHideReporters: number | undefined;
  smsProvider: 'outbox' | 'http';
  smsHttpUrl: string | undefined;
  /** Never leaves the server: the SMS provider reads it, views carry `smsHttpTokenSet`. */
  smsHttpToken: string | undefined;
  captchaCost: number;
};

/** The settings as a browser or the audit log may see them: every secret only "set" or not. */
export type PublicSettings<T> = Omit<T, SecretKey> & { smsHttpTokenSet: boolean };
export function publicSettings<T extends { smsHttpToken?: string | null | undefined }>(
  settings: T,
): PublicSettings<T> {
  const { smsHttpToken, ...rest } = settings;
  return { ...rest, smsHttpTokenSet: Boolean(smsHttpToken) };
}

type Holder = { stored: StoredSettings; loadedAt: number };
const globalRef = globalThis as { __portalSettings?: Holder };
globalRef.__portalSettings ??= { stored: {}, loadedAt: Number.NEGATIVE_INFINITY };
const holder = globalRef.__portalSettings;

/** The environment's values: what applies where an operator set nothing. */
export function configuredSettings(): EffectiveSettings {
  const config = getConfig();
  return {
    productName: config.PRODUCT_NAME,
    customerServiceEmail: config.CUSTOMER_SERVICE_EMAIL,
    mobileSiteUrl: config.MOBILE_SITE_URL,
    feedSpeed: config.FEED_CLOCK_SPEED,
    feedPaused: false,
    giftConfirmStars: GIFT_CONFIRM_STARS_DEFAULT,
    registration: 'open',
    ...RATE_DEFAULTS,
    autoHideReporters: undefined,
    smsProvider: config.SMS_PROVIDER,
    smsHttpUrl: config.SMS_HTTP_URL,
    smsHttpToken: config.SMS_HTTP_TOKEN,
    captchaCost: config.CAPTCHA_COST,
  };
}

const merged = (stored: StoredSettings): EffectiveSettings => ({ ...configuredSettings(), ...stored });

/** This process's view of the settings (never waits; at most SETTINGS_REFRESH_MS behind another node). */
export function effectiveSettings(): EffectiveSettings {
  return merged(holder.stored);
}

const isSecret = (key: string): key is SecretKey => (SECRET_SETTINGS as readonly string[]).includes(key);

/**
 * What operators stored, parsed, secrets opened (a value that no longer parses or opens is ignored: the
 * environment's applies).
 */
async function readStored(db: DbOrTx): Promise<StoredSettings> {
  const rows = await db.select().from(systemSettings);
  const stored: StoredSettings = {};
  for (const row of rows) {
    if (!SETTING_KEYS.includes(row.key as SettingKey)) continue;
    let value = row.value;
    if (isSecret(row.key)) {
      if (typeof value !== 'string') continue;
      value = await unsealSecret(db, SEAL_PURPOSE, value).catch(() => null);
    }
    const parsed = settingsInput.shape[row.key as SettingKey].safeParse(value);
    if (parsed.success && parsed.data !== null) Object.assign(stored, { [row.key]: parsed.data });
  }
  return stored;
}

/** Reads the stored settings into this process's snapshot. */
export async function loadSettings(db: DbOrTx) {
  holder.stored = await readStored(db);
  holder.loadedAt = performance.now();
  return effectiveSettings();
}

/** The settings, reloaded first when the snapshot is older than SETTINGS_REFRESH_MS. */
export async function freshSettings(db: DbOrTx) {
  if (performance.now() - holder.loadedAt > SETTINGS_REFRESH_MS) return loadSettings(db);
  return effectiveSettings();
}

/** Reloads the snapshot every SETTINGS_REFRESH_MS (the process root starts it); `stop` ends it. */
export function startSettingsRefresh(db: DbOrTx, onError: (error: unknown) => void) {
  const timer = setInterval(() => loadSettings(db).catch(onError), SETTINGS_REFRESH_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The stored and the effective settings, for the console: secrets only as "set". */
export async function settingsView(db: DbOrTx) {
  const stored = await readStored(db);
  return {
    stored: publicSettings(stored),
    effective: publicSettings(merged(stored)),
    configured: publicSettings(configuredSettings()),
  };
}

/**
 * Saves the keys present in `patch` (`null` unsets one; an empty secret keeps the stored one) and applies
 * them to this process at once; answers what was stored before and after, for the audit entry (secrets
 * only as "set"). A result that cannot work (an HTTP gateway without its address) is refused whole.
 */
export async function saveSettings(
  db: DbOrTx,
  patch: Partial<z.output<typeof settingsInput>>,
  meta: { now: Date; actorId: number },
) {
  const change = await db.transaction(async (tx) => {
    // One writer at a time, so "before" is what this save replaced.
    await tx.execute(sql`lock table ${systemSettings} in share row exclusive mode`);
    const before = await readStored(tx);
    for (const key of SETTING_KEYS) {
      if (!(key in patch)) continue;
      let value: unknown = patch[key];
      if (isSecret(key) && value === '') continue;
      if (isSecret(key) && typeof value === 'string') value = await sealSecret(tx, SEAL_PURPOSE, value);
      if (value === null || value === undefined) {
        await tx.delete(systemSettings).where(sql`${systemSettings.key} = ${key}`);
      } else {
        await writeSetting(tx, key, value, meta);
      }
    }
    const after = await readStored(tx);
    const result = merged(after);
    if (result.smsProvider === 'http' && !result.smsHttpUrl)
      throw new DomainError('SETTINGS_SMS_URL_REQUIRED');
    return { before, after };
  });
  holder.stored = change.after;
  holder.loadedAt = performance.now();
  return { before: publicSettings(change.before), after: publicSettings(change.after) };
}
