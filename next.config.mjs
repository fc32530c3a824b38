import createNextIntlPlugin from 'next-intl/plugin';

// The catalogs (messages/*.json) are compiled at build time (next-intl's `precompile`, icu-minify): pages and
// the API format ready-made messages, and no ICU parser ships to the browser (≈ 9 KB of every page's
// first-load JS). Code outside the build (tsx scripts, jest) reads the same files raw, with the parser;
// a message reads the same either way (t() with values, never t.raw() of a template).
const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native or process-owning packages stay outside the server bundle.
  serverExternalPackages: [
    'pg',
    'pino',
    '@node-rs/argon2',
    'socket.io',
    'sharp',
    'rate-limiter-flexible',
    'prom-client',
  ],
  // The proxy buffers request bodies; video uploads (lib/storage/videos.ts) may be 50 MB, and a larger
  // one must still reach the API, which refuses it with a translated message.
  // inlineCss stays off: inlined, the stylesheet (Tailwind, 100 KB, 13 KB compressed) went into every
  // document twice (<head> and the RSC payload), 200 of /live's 381 KB, and rendering that was most of a
  // page's server time (issue #45: /live p95 at 4 at a time 202–288 ms inlined, 170–224 ms linked). Linked,
  // it is one cached, immutable request: /main's LCP 0.62–0.78 s (issue 13: ≤ 1 s), Lighthouse unchanged.
  // authInterrupts: `forbidden()` / `unauthorized()` answer 403 / 401 with `forbidden.tsx` /
  // `unauthorized.tsx` (the operator console's page guard, components/admin/guard.ts).
  experimental: {
    authInterrupts: true,
    proxyClientMaxBodySize: '201mb',
    // The build's Turbopack cache speeds a rebuild in a kept checkout; a CI run builds once on a fresh
    // clone, where writing it cost 16 s (43 s at load).
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
  // `npm test` and the quick loop type-check the whole tree (tests included) with `tsc --noEmit` before they
  // build (scripts/test.sh sets BUILD_TYPECHECKED=1); the build's own check was the same work again, ~1 min.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPECHECKED === '1' },
};

export default withNextIntl(nextConfig);
