// Named errors. Services throw them; the API's single onError turns them into the envelope with a
// translated message (catalog key `errors.<code>`).
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

/** Envelope codes of spec §8. */
export const CODE = { OK: 0, ERROR: 1, LOGIN_REQUIRED: 700 } as const;

/**
 * An instant in a refusal ("muted until …"): written at read time in the reader's zone and language with
 * the zone named (lib/time/zoned-text.ts). `timeZone`: the zone the person chose (users.time_zone), which
 * wins over the request's; absent, the signed-in reader's, else the browser's (`tz` cookie), else the portal's.
 */
export type ZonedInstant = { instant: Date; timeZone?: string | null };
export type MessageValues = Record<string, string | number | ZonedInstant>;

/** A refusal's time, to be written in its reader's zone. */
export const zonedAt = (instant: Date, timeZone?: string | null): ZonedInstant => ({ instant, timeZone });

export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly options: {
      values?: MessageValues;
      status?: ContentfulStatusCode;
      /** Sent as the envelope's `data`, for the client to act on (e.g. the captcha level asked for). */
      data?: unknown;
    } = {},
  ) {
    super(code);
    this.name = 'DomainError';
  }

  get status(): ContentfulStatusCode {
    return this.options.status ?? 400;
  }
}

export class LoginRequiredError extends DomainError {
  constructor() {
    super('LOGIN_REQUIRED', { status: 401 });
  }
}

export class ForbiddenError extends DomainError {
  constructor(code = 'FORBIDDEN') {
    super(code, { status: 403 });
  }
}

export class NotFoundError extends DomainError {
  constructor(code = 'NOT_FOUND') {
    super(code, { status: 404 });
  }
}

/** Bad input: the first zod issue becomes a field-specific message. */
export class ValidationError extends DomainError {
  constructor(
    readonly issues: z.core.$ZodIssue[],
    /** The route's own labels of its fields (message keys), before the shared `fields.<name>`. */
    readonly fieldLabels?: Readonly<Record<string, string>>,
  ) {
    super('VALIDATION', { status: 400 });
  }
}
