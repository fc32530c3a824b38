// The signed-in user of the request being rendered, read once per request from the `token` cookie.
import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { getDb } from '@/lib/db';
import { findSessionUser, TOKEN_COOKIE } from './session';

export const currentUser = cache(async () => {
  const token = (await cookies()).get(TOKEN_COOKIE)?.value;
  // A page render's edge: its instant is read here, once per request.
  return token ? findSessionUser(getDb(), token, new Date()) : null;
});

/** The instant of the page render being served, read once per request (what it may show: scheduled news). */
export const renderInstant = cache(() => new Date());
