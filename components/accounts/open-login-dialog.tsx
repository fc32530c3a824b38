'use client';
// Opens the login dialog once the page is interactive (a guest at the task centre, spec §8; a guest at /admin).
import { useEffect } from 'react';
import { openLoginDialog } from '@/lib/store/atoms';

export function OpenLoginDialog() {
  useEffect(() => {
    openLoginDialog();
  }, []);
  return null;
}
