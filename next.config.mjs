import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native or process-owning packages stay outside the server bundle.
  serverExternalPackages: ['pg', 'pino', '@node-rs/argon2', 'socket.io', 'sharp', 'rate-limiter-flexible'],
  // The proxy buffers request bodies; video uploads (lib/storage/videos.ts) may be 50 MB, and a larger
  // one must still reach the API, which refuses it with a translated message.
  experimental: { proxyClientMaxBodySize: '201mb' },
};

export default withNextIntl(nextConfig);
