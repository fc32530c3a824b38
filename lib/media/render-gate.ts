// An early room page (app-hold.ts, EarlyDocument) opens its HTTP-FLV stream from its <head>, ~130 ms
// after its own request came. Next's render of the page runs in long synchronous slices on this same
// event loop, and the engine's answer to that stream request waited behind them: its headers came
// 300–450 ms after it was sent, against ~100 ms on the bare engine (bench/live.ts, join phases). So
// the render of such a page starts once its own stream has been answered (the engine writes its
// cached headers and GOP in the turn it is asked, lib/media/http.ts), or after a limit: a browser
// that never asks (no Media Source Extensions, the script blocked) waits that long at most.
// The page names itself to its stream request with a ticket of its own (`PAGE_TICKET`): a crowd
// joining the same room at once does not let one page's render go on another's stream.
import type http from 'node:http';

/** The query parameter of an early page's stream request that names the page. */
export const PAGE_TICKET = 'page';

/** The longest an early page's render waits for its stream request. */
export const RENDER_WAIT_MS = 300;

type Timers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (timer: never) => void;
};

/** The ticket named by a stream request (`?page=`), or null. */
export function ticketOf(request: http.IncomingMessage): string | null {
  const query = request.url?.split('?')[1];
  return query ? new URLSearchParams(query).get(PAGE_TICKET) : null;
}

export function renderGate(limitMs = RENDER_WAIT_MS, timers: Timers = globalThis as unknown as Timers) {
  const waiting = new Map<string, { render: () => void; timer: unknown }>();
  const go = (ticket: string) => {
    const entry = waiting.get(ticket);
    if (!entry) return;
    waiting.delete(ticket);
    timers.clearTimeout(entry.timer as never);
    entry.render();
  };
  return {
    /** Runs `render` once the page of `ticket` has had its stream answered, or after the limit. */
    hold(ticket: string, render: () => void) {
      waiting.set(ticket, { render, timer: timers.setTimeout(() => go(ticket), limitMs) });
    },
    /**
     * A stream request was answered: the render of the page it names goes on, after this turn of the
     * event loop (the stream's first bytes are on their way first).
     */
    answered(request: http.IncomingMessage) {
      const ticket = ticketOf(request);
      if (ticket !== null && waiting.has(ticket)) setImmediate(() => go(ticket));
    },
    /** How many renders wait (a test checks none is left behind). */
    get size() {
      return waiting.size;
    },
  };
}
