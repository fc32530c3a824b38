'use client';
// The application form carries the captcha widget: it loads only on this tab, not with every
// user-center page.
import dynamic from 'next/dynamic';

export const ApplyAnchorFormLoader = dynamic(
  () => import('./apply-anchor-form').then((module) => module.ApplyAnchorForm),
  { ssr: false, loading: () => <div className="h-[560px] animate-pulse rounded-lg bg-canvas" /> },
);
