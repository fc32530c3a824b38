// Settings that are right for a demo on one's own machine and wrong on a public install. The portal
// starts anyway (the embedded defaults must work out of the box) but says so once in the log.
import type { Config } from './schema';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** One line per risky default, for an install that serves more than this machine. */
export function productionWarnings(config: Config): string[] {
  const isPublic = !LOOPBACK.has(config.HOST) || Boolean(config.SITE_URL?.startsWith('https:'));
  if (!isPublic) return [];
  const warnings: string[] = [];
  if (config.PAY_SANDBOX)
    warnings.push(
      'PAY_SANDBOX is on: anyone can credit star diamonds through the sandbox checkout. Set PAY_SANDBOX=off.',
    );
  if (config.SITE_URL?.startsWith('https:') && config.TRUSTED_PROXIES.length === 0)
    warnings.push(
      'SITE_URL is https but TRUSTED_PROXIES is empty: behind a TLS proxy every client shares its address and cookies are not marked Secure.',
    );
  if (config.CLOCK_START)
    warnings.push(
      'CLOCK_START is set: the portal runs on a moved clock (for tests). Unset it on a public install.',
    );
  if (!config.AUDIT_SIGNING_KEY)
    warnings.push(
      'AUDIT_SIGNING_KEY is unset: audit checkpoints are not signed, so whoever can write the database can rewrite the audit log unnoticed. Set an Ed25519 key (docs/operations.md).',
    );
  if (!config.SITE_URL)
    warnings.push('SITE_URL is unset: canonical links, the sitemap and RSS point at the listening address.');
  return warnings;
}
