// What every API handler can read from its context.
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import type { translator } from '@/lib/i18n/translate';

/** The signed-in user a request carries (resolved by lib/accounts' sessions). */
export type SessionUser = {
  id: number;
  nickname: string;
  avatar: string;
  isAnchor: boolean;
  role: 'user' | 'operator';
  /** Tenths of a point. */
  experience: number;
};

/** Where services get the time from: the wall clock in the portal, a fixed instant in tests. */
export type Clock = () => Date;

export type AppEnv = {
  Variables: {
    db: Db;
    /** Where 'read' routes run (`DATABASE_REPLICA_URL`, else the primary): `defineRoute` makes it their `db`. */
    readDb: Db;
    locale: Locale;
    t: ReturnType<typeof translator>;
    user: SessionUser | null;
    requestId: string;
    /** The request's instant (the app's clock, read once); pass it to services instead of `new Date()`. */
    now: Date;
    /** The declared path of the route that matched (`defineRoute`): the metrics' bounded route label. */
    route?: string;
  };
};
