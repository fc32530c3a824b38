// Row ids typed by people (a URL's `?id=`, a console filter): Postgres' `integer` ends at 2³¹ − 1, and a
// bigger number sent to it is a database error, not a miss. One check for the places that parse them.
export const PG_INT_MAX = 2_147_483_647;

/** `text` as a row id: a whole number from 1 to PG_INT_MAX, else null. */
export function rowIdOf(text: string | undefined | null): number | null {
  const id = Number(text);
  return text && Number.isInteger(id) && id >= 1 && id <= PG_INT_MAX ? id : null;
}
