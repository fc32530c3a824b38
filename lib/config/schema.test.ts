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

  it('serves /metrics only with a token, and drains for 10 s on SIGTERM unless told otherwise', () => {
    expect(parseConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: 'a-long-enough-scrape-token' }).METRICS_TOKEN).toBe(
      'a-long-enough-scrape-token',
    );
    expect(parseConfig({}).SHUTDOWN_GRACE_MS).toBe(10_000);
    expect(parseConfig({ SHUTDOWN_GRACE_MS: '30000' }).SHUTDOWN_GRACE_MS).toBe(30_000);
  });

  it('shows times in Asia/Shanghai unless TIME_ZONE names another zone', () => {
    expect(parseConfig({}).TIME_ZONE).toBe('Asia/Shanghai');
    expect(parseConfig({ TIME_ZONE: 'America/New_York' }).TIME_ZONE).toBe('America/New_York');
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
    ['METRICS_TOKEN', 'short'],
    ['SHUTDOWN_GRACE_MS', '-1'],
    ['SHUTDOWN_GRACE_MS', 'soon'],
    ['TIME_ZONE', 'Mars/Olympus'],
    ['TIME_ZONE', 'UTC+8'],
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
