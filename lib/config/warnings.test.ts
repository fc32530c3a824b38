import { generateKeyPairSync } from 'node:crypto';
import { parseConfig } from './schema';

/** An Ed25519 key as base64 PKCS#8 (a PEM works too). */
const KEY = generateKeyPairSync('ed25519')
  .privateKey.export({ type: 'pkcs8', format: 'der' })
  .toString('base64');

import { productionWarnings } from './warnings';

describe('productionWarnings', () => {
  it('says nothing for a demo on this machine', () => {
    expect(productionWarnings(parseConfig({}))).toEqual([]);
  });

  it('names the sandbox checkout, the missing proxy list and SITE_URL on a public install', () => {
    expect(productionWarnings(parseConfig({ HOST: '0.0.0.0' })).join('\n')).toMatch(
      /PAY_SANDBOX.*\n.*AUDIT_SIGNING_KEY.*\n.*SITE_URL/,
    );
    const behindTls = productionWarnings(
      parseConfig({ SITE_URL: 'https://portal.example', PAY_SANDBOX: 'off', AUDIT_SIGNING_KEY: KEY }),
    );
    expect(behindTls).toEqual([expect.stringContaining('TRUSTED_PROXIES')]);
    const done = parseConfig({
      SITE_URL: 'https://portal.example',
      PAY_SANDBOX: 'off',
      TRUSTED_PROXIES: '127.0.0.1',
      AUDIT_SIGNING_KEY: KEY,
    });
    expect(productionWarnings(done)).toEqual([]);
  });

  it('refuses a signing key that is not Ed25519', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    for (const key of ['not a key', rsa.toString()])
      expect(() => parseConfig({ AUDIT_SIGNING_KEY: key })).toThrow(
        /AUDIT_SIGNING_KEY: must be an Ed25519 private key/,
      );
  });
});
