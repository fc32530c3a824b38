import { ConfigError, parseConfig } from './schema';

describe('runtime config', () => {
  it('has an embedded default for every value', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: '.data',
      COMPANY_ID: 1,
      MOBILE_REDIRECT: true,
      ROLES: ['web', 'realtime', 'jobs'],
      FEED_CLOCK_SPEED: 1,
      FEEDS: true,
    });
    // Unset database and mobile site: the embedded database, and no mobile redirect.
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.MOBILE_SITE_URL).toBeUndefined();
  });

  it('reads values from the environment', () => {
    const config = parseConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/portal',
      MOBILE_SITE_URL: 'https://m.example.com',
      ROLES: 'web, realtime',
      SEED_ON_START: '1',
    });
    expect(config).toMatchObject({ PORT: 8080, ROLES: ['web', 'realtime'], SEED_ON_START: true });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/portal'],
    ['MOBILE_SITE_URL', 'not a url'],
    ['CUSTOMER_SERVICE_EMAIL', 'nobody'],
    ['APP_IOS_URL', 'javascript:alert(1)'],
    ['APP_ANDROID_URL', 'not a url'],
    ['COMPANY_ID', '0'],
    ['ROLES', 'web,bogus'],
    ['SEED_ON_START', 'maybe'],
    ['FEED_CLOCK_SPEED', '0'],
    ['FEED_CLOCK_SPEED', 'fast'],
  ])('stops with a message naming %s when it is %p', (variable, value) => {
    expect(() => parseConfig({ [variable]: value })).toThrow(ConfigError);
    try {
      parseConfig({ [variable]: value });
    } catch (error) {
      expect((error as ConfigError).message).toContain(`${variable}:`);
      expect((error as ConfigError).issues[0]!.variable).toBe(variable);
    }
  });
});
