// The head script that tells the server the browser's zone, run in a stand-in browser: it stores the
// zone, loads the page again only when the render was in no zone or another one, and never loops.
import { runInNewContext } from 'node:vm';
import { zoneScript } from './zone-script';

jest.mock('next/headers', () => ({ headers: async () => new Headers() }));

function browser({
  zone,
  cookie = '',
  cookiesRefused = false,
  reloaded = '',
}: {
  zone: string;
  cookie?: string;
  cookiesRefused?: boolean;
  reloaded?: string;
}) {
  const jar = new Map(cookie ? [cookie.split('=') as [string, string]] : []);
  const session = new Map(reloaded ? [['tz-reloaded', reloaded]] : []);
  const calls: string[] = [];
  const sandbox = {
    Intl: { ['DateTimeFormat' as string]: () => ({ resolvedOptions: () => ({ timeZone: zone }) }) },
    encodeURIComponent,
    document: {
      get cookie() {
        return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      },
      set cookie(value: string) {
        if (cookiesRefused) return;
        const [pair] = value.split(';');
        const [name, v] = pair!.split('=');
        jar.set(name!, v!);
      },
    },
    sessionStorage: {
      getItem: (key: string) => session.get(key) ?? null,
      setItem: (key: string, value: string) => session.set(key, value),
    },
    window: { stop: () => calls.push('stop') },
    location: { reload: () => calls.push('reload') },
  };
  return { sandbox, calls, jar, session };
}

const run = (script: string, sandbox: object) => runInNewContext(script, sandbox);

describe('zoneScript', () => {
  it('a first visit stores the zone and loads the page again before it paints', () => {
    const b = browser({ zone: 'America/New_York' });
    run(zoneScript({ timeZone: 'UTC', source: 'unknown' }), b.sandbox);
    expect(b.jar.get('tz')).toBe('America%2FNew_York');
    expect(b.calls).toEqual(['stop', 'reload']);
  });

  it('does nothing when the page is already in the browser’s zone', () => {
    const b = browser({ zone: 'Asia/Shanghai', cookie: 'tz=Asia%2FShanghai' });
    run(zoneScript({ timeZone: 'Asia/Shanghai', source: 'browser' }), b.sandbox);
    expect(b.calls).toEqual([]);
  });

  it('a travelled laptop updates the cookie and the page', () => {
    const b = browser({ zone: 'Europe/London', cookie: 'tz=Asia%2FShanghai' });
    run(zoneScript({ timeZone: 'Asia/Shanghai', source: 'browser' }), b.sandbox);
    expect(b.jar.get('tz')).toBe('Europe%2FLondon');
    expect(b.calls).toEqual(['stop', 'reload']);
  });

  it('a zone chosen in the user centre wins: the cookie is kept current, the page stays', () => {
    const b = browser({ zone: 'Europe/London' });
    run(zoneScript({ timeZone: 'Asia/Tokyo', source: 'chosen' }), b.sandbox);
    expect(b.jar.get('tz')).toBe('Europe%2FLondon');
    expect(b.calls).toEqual([]);
  });

  it('never loops: not when cookies are refused, not twice for one zone in a tab', () => {
    const refused = browser({ zone: 'America/New_York', cookiesRefused: true });
    run(zoneScript({ timeZone: 'UTC', source: 'unknown' }), refused.sandbox);
    expect(refused.calls).toEqual([]);
    const again = browser({ zone: 'America/New_York', reloaded: 'America/New_York' });
    run(zoneScript({ timeZone: 'UTC', source: 'unknown' }), again.sandbox);
    expect(again.calls).toEqual([]);
  });
});
