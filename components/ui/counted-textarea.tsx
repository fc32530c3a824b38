// A text area with its character count in the bottom-right corner (comments, posts): the limit is
// enforced by `maxLength`, the count is the caller's translated "n/max".
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { FIELD_CLASS } from './field-styles';

type Props = Omit<ComponentProps<'textarea'>, 'value' | 'onChange' | 'maxLength'> & {
  value: string;
  onValueChange: (value: string) => void;
  max: number;
  /** The count as shown, e.g. `12/500`. */
  counter: string;
};

export function CountedTextarea({ value, onValueChange, max, counter, className, ...props }: Props) {
  return (
    <div className="relative min-w-0 flex-1">
      <textarea
        {...props}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        maxLength={max}
        className={cn(FIELD_CLASS, 'block py-2 pb-7', className)}
      />
      <span className="pointer-events-none absolute right-3 bottom-2 text-xs text-ink-500 tabular-nums">
        {counter}
      </span>
    </div>
  );
}
