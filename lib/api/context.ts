// What every API handler can read from its context.
import type { SessionUser } from '@/lib/accounts/session';
import type { Db } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import type { translator } from '@/lib/i18n/translate';

export type AppEnv = {
  Variables: {
    db: Db;
    locale: Locale;
    t: ReturnType<typeof translator>;
    user: SessionUser | null;
    requestId: string;
  };
};
