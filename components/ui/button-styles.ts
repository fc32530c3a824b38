// The button's look (./button.tsx), for markup that needs it without the component: the error boundary,
// which every page loads with its first JS, keeps Radix's Slot (the `asChild` part) out of it.
import { cn } from '@/lib/cn';

export const BUTTON_VARIANTS = {
  primary: 'bg-brand-500 text-white hover:bg-brand-600 disabled:bg-brand-200',
  secondary: 'border border-line bg-surface text-ink-900 hover:border-brand-400 hover:text-brand-600',
  ghost: 'text-ink-700 hover:bg-canvas hover:text-brand-600',
} as const;

export const BUTTON_SIZES = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
} as const;

/** A button's classes: the shared shape, a variant, a size, then the caller's own. */
export const buttonClass = (
  variant: keyof typeof BUTTON_VARIANTS = 'primary',
  size: keyof typeof BUTTON_SIZES = 'md',
  className?: string,
) =>
  cn(
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed',
    BUTTON_VARIANTS[variant],
    BUTTON_SIZES[size],
    className,
  );
