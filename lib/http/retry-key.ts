// The idempotency key of a send the person may have to try again. A key per click would make a retry
// after a lost answer (a timeout, a dropped connection, the server already committed) a second purchase;
// one key per dialog would refuse a retry with another amount (the ledger refuses a key with another
// payload). So the key follows the intent: the same for every attempt at the same request until one
// goes through, a new one once it has, or when the request asked for changes. The server's refusals are
// never stored under a key (the ledger's transaction rolls back), so reusing a key after one is safe.
import { useRef } from 'react';

/** A fresh key: 32 hex characters from the platform's random source (also on a page served over http). */
export function newIdempotencyKey(prefix = '') {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return prefix + Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export class RetryKey {
  private current: { intent: string; key: string } | null = null;

  constructor(private readonly prefix = '') {}

  /** The key for `intent` (the request's fields but the key and secrets): kept while the intent is the same. */
  for(intent: unknown) {
    const text = JSON.stringify(intent);
    if (this.current?.intent !== text) this.current = { intent: text, key: newIdempotencyKey(this.prefix) };
    return this.current.key;
  }

  /** The intent went through: asking the same again is a new send. */
  succeeded() {
    this.current = null;
  }
}

/** One {@link RetryKey} for the component's life. */
export function useRetryKey(prefix = '') {
  const ref = useRef<RetryKey | null>(null);
  ref.current ??= new RetryKey(prefix);
  return ref.current;
}
