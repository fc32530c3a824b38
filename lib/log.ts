// The one structured logger (pino). Request logs carry the request id the API returns on failures.
import pino from 'pino';

const holder = globalThis as { __portalLog?: pino.Logger };

holder.__portalLog ??= pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: { app: 'sports-portal' },
});

export const log: pino.Logger = holder.__portalLog;
