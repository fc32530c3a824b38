import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { type BUTTON_SIZES, type BUTTON_VARIANTS, buttonClass } from './button-styles';

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof BUTTON_VARIANTS;
  size?: keyof typeof BUTTON_SIZES;
  asChild?: boolean;
};

export function Button({ variant = 'primary', size = 'md', asChild, className, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return <Component className={buttonClass(variant, size, className)} {...props} />;
}
