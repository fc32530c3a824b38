// The thumbs-up of a like button, filled while its button is pressed.
import { ThumbsUp } from 'lucide-react';
import { cn } from '@/lib/cn';

export function LikeIcon({ small = false }: { small?: boolean }) {
  return (
    <ThumbsUp aria-hidden className={cn(small ? 'size-3.5' : 'size-4', 'group-aria-pressed:fill-current')} />
  );
}
