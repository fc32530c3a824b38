'use client';
// The portal's Link: next-intl's locale-aware Link that prefetches on intent (pointer over it, focus or a
// touch), not when it scrolls into view. Every route is dynamic, so a viewport prefetch is a server render:
// the home page alone held about 100 links, 100 renders per visit for the few a visitor follows. A caller's
// own `prefetch` is kept. (Next's documented hover-prefetch pattern: docs/app/guides/prefetching.)
import { type ComponentProps, useState } from 'react';
import { BaseLink } from './base-navigation';

type Props = ComponentProps<typeof BaseLink>;

export function Link({ prefetch, onMouseEnter, onFocus, onTouchStart, ...props }: Props) {
  const [intent, setIntent] = useState(false);
  const show = () => setIntent(true);
  return (
    <BaseLink
      {...props}
      prefetch={prefetch !== undefined ? prefetch : intent ? null : false}
      onMouseEnter={(event) => {
        show();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        show();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        show();
        onTouchStart?.(event);
      }}
    />
  );
}
