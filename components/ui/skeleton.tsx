import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A loading block; give it the size of what it stands for so nothing shifts when data arrives. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-line', className)} {...props} />;
}
