import { parseConfig } from './schema';
import { productionWarnings } from './warnings';

describe('productionWarnings', () => {
  it('says nothing for a demo on this machine', () => {
    expect(productionWarnings(parseConfig({}))).toEqual([]);
  });

  it('names the sandbox checkout, the missing proxy list and SITE_URL on a public install', () => {
    expect(productionWarnings(parseConfig({ HOST: '0.0.0.0' })).join('\n')).toMatch(
      /PAY_SANDBOX.*\n.*SITE_URL/,
    );
    const behindTls = productionWarnings(
      parseConfig({ SITE_URL: 'https://portal.example', PAY_SANDBOX: 'off' }),
    );
    expect(behindTls).toEqual([expect.stringContaining('TRUSTED_PROXIES')]);
    const done = parseConfig({
      SITE_URL: 'https://portal.example',
      PAY_SANDBOX: 'off',
      TRUSTED_PROXIES: '127.0.0.1',
    });
    expect(productionWarnings(done)).toEqual([]);
  });
});
