// Every gift's artwork, drawn here as SVG (DESIGN §13: nothing downloaded). The catalog's `code`
// picks the drawing; an operator's new gift without a drawing gets the wrapped present.
import type { ReactNode } from 'react';

const ART: Record<string, ReactNode> = {
  rose: (
    <>
      <path d="M32 34c0 10-2 18-4 24" stroke="#2f8f46" strokeWidth="3" fill="none" strokeLinecap="round" />
      <path d="M30 46c-6-4-12-3-15 1 5 3 11 3 15-1z" fill="#3fae5a" />
      <path d="M31 50c6-5 12-5 16-1-5 4-11 4-16 1z" fill="#2f8f46" />
      <path d="M20 20c0-8 6-13 12-13s12 5 12 13c0 9-6 15-12 15s-12-6-12-15z" fill="#e8334a" />
      <path d="M25 17c3-4 11-4 14 1-2 5-12 5-14-1z" fill="#ff6b7d" />
      <path d="M32 12c-4 3-5 9-1 13 4-3 5-9 1-13z" fill="#c21f37" />
    </>
  ),
  whistle: (
    <>
      <path d="M10 30h24l8-8h10v14H42a14 14 0 1 1-32-6z" fill="#c3c8d2" />
      <circle cx="24" cy="36" r="10" fill="#e7e9ee" stroke="#6b7280" strokeWidth="2" />
      <circle cx="24" cy="36" r="4" fill="#6b7280" />
      <rect x="40" y="22" width="12" height="4" rx="2" fill="#6b7280" />
      <path d="M52 16l6-4M54 24h7M52 32l6 4" stroke="#f56a1f" strokeWidth="2.5" strokeLinecap="round" />
    </>
  ),
  football: (
    <>
      <circle cx="32" cy="32" r="24" fill="#fff" stroke="#161a23" strokeWidth="2.5" />
      <path d="M32 21l8 6-3 10h-10l-3-10z" fill="#161a23" />
      <path d="M32 8v13M40 27l12-5M37 37l8 11M27 37l-8 11M24 27l-12-5" stroke="#161a23" strokeWidth="2" />
      <path d="M14 46l5 2M50 46l-5 2M21 13l3 6M43 13l-3 6" stroke="#161a23" strokeWidth="2" />
    </>
  ),
  jersey: (
    <>
      <path d="M22 8l-14 8 5 12 6-3v31h26V25l6 3 5-12-14-8c-2 5-6 7-10 7s-8-2-10-7z" fill="#f56a1f" />
      <path d="M22 8c2 5 6 7 10 7s8-2 10-7" stroke="#ba3a0b" strokeWidth="2.5" fill="none" />
      <text x="32" y="44" textAnchor="middle" fontSize="16" fontWeight="700" fill="#fff" fontFamily="Arial">
        10
      </text>
    </>
  ),
  scarf: (
    <>
      <path d="M8 18c14-8 34-8 48 0v10C42 20 22 20 8 28z" fill="#e8334a" />
      <path d="M8 18c14-8 34-8 48 0v4C42 14 22 14 8 22z" fill="#fff" opacity="0.5" />
      <path d="M38 26l8 30h-10l-6-28z" fill="#e8334a" />
      <path d="M40 34l3 10M37 30l3 12" stroke="#fff" strokeWidth="3" />
      <path d="M36 56v4M40 56v4M44 56v4" stroke="#ba3a0b" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  golden_boot: (
    <>
      <defs>
        <linearGradient id="gold-boot" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe082" />
          <stop offset="0.5" stopColor="#f5b700" />
          <stop offset="1" stopColor="#b8860b" />
        </linearGradient>
      </defs>
      <path d="M20 6h16v24c6 2 14 5 20 10 4 4 2 10-4 10H12c-4 0-6-3-5-6l5-14z" fill="url(#gold-boot)" />
      <path d="M12 50h40" stroke="#8a6508" strokeWidth="3" />
      <path d="M16 54v4M26 54v4M36 54v4M46 54v4" stroke="#8a6508" strokeWidth="3" strokeLinecap="round" />
      <path d="M22 20l8 4M22 26l8 4" stroke="#fff8dc" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  trophy: (
    <>
      <defs>
        <linearGradient id="gold-cup" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff1a8" />
          <stop offset="0.55" stopColor="#f5b700" />
          <stop offset="1" stopColor="#a87400" />
        </linearGradient>
      </defs>
      <path d="M18 6h28v14c0 9-6 16-14 16s-14-7-14-16z" fill="url(#gold-cup)" />
      <path
        d="M18 10H8c0 9 5 14 12 14M46 10h10c0 9-5 14-12 14"
        stroke="#d19a00"
        strokeWidth="3"
        fill="none"
      />
      <path d="M28 36h8l2 10h-12z" fill="#d19a00" />
      <rect x="18" y="46" width="28" height="10" rx="2" fill="#5b3a00" />
      <path d="M32 12l2 5h5l-4 3 2 5-5-3-5 3 2-5-4-3h5z" fill="#fff8dc" />
    </>
  ),
  rocket: (
    <>
      <path d="M32 4c10 8 14 20 12 34H20C18 24 22 12 32 4z" fill="#e7e9ee" stroke="#353b48" strokeWidth="2" />
      <circle cx="32" cy="22" r="5" fill="#38bdf8" stroke="#353b48" strokeWidth="2" />
      <path d="M20 30l-8 12 9-2zM44 30l8 12-9-2z" fill="#e8334a" />
      <path d="M24 38h16l-3 6H27z" fill="#353b48" />
      <path d="M27 44c0 8 5 14 5 14s5-6 5-14z" fill="#f56a1f" />
      <path d="M30 44c0 5 2 9 2 9s2-4 2-9z" fill="#ffe082" />
    </>
  ),
};

const PRESENT = (
  <>
    <rect x="10" y="24" width="44" height="32" rx="3" fill="#f56a1f" />
    <rect x="6" y="16" width="52" height="10" rx="3" fill="#fd8a4b" />
    <path d="M28 16h8v40h-8z" fill="#ffe082" />
    <path d="M32 16c-6-10-16-8-14-2 1 3 8 3 14 2zM32 16c6-10 16-8 14-2-1 3-8 3-14 2z" fill="#ffe082" />
  </>
);

export function GiftArt({
  code,
  image,
  size = 40,
  className,
}: {
  code: string;
  /** An operator's uploaded picture, shown instead of the drawing. */
  image?: string | null | undefined;
  size?: number;
  className?: string;
}) {
  if (image)
    return (
      <img src={image} alt="" width={size} height={size} className={`object-contain ${className ?? ''}`} />
    );
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden className={className}>
      {ART[code] ?? PRESENT}
    </svg>
  );
}
