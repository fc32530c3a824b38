/** The portal's mark: a ball inside a play button, drawn so nothing is fetched. */
export function Logo({ name }: { name: string }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <svg aria-hidden viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="9" fill="var(--color-brand-500)" />
        <circle cx="16" cy="16" r="9" fill="#fff" />
        <path d="M14 11.5v9l7-4.5z" fill="var(--color-brand-600)" />
      </svg>
      {/* The narrowest phones (under 360 px) keep the mark alone; the link's label names the portal. */}
      <span
        className="hidden truncate text-lg font-bold tracking-tight text-white min-[360px]:block"
        title={name}
      >
        {name}
      </span>
    </span>
  );
}
