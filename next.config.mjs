import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./lib/i18n/request.ts');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native or process-owning packages stay outside the server bundle.
  serverExternalPackages: ['pg', 'pino', '@node-rs/argon2', 'socket.io', 'sharp'],
};

export default withNextIntl(nextConfig);
