// Whether the live room is laid out for a phone: the same media query as the `phone` variant of
// app/globals.css. The server and the first client render say no (the markup hides the desktop-only
// parts with `phone:hidden`), then the phone's sheets take over.
import { useSyncExternalStore } from 'react';

export const PHONE_QUERY =
  '(width < 768px), (orientation: landscape) and (max-height: 540px) and (width < 992px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function usePhoneLayout() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
