// An early room page's render waits for its own stream request, or for the limit, and never twice.
import http from 'node:http';
import { Socket } from 'node:net';
import { renderGate, ticketOf } from './render-gate';

function streamRequest(url: string) {
  const message = new http.IncomingMessage(new Socket());
  message.method = 'GET';
  message.url = url;
  return message;
}

/** Timers run by hand: `elapse` fires those due. */
function manualTimers() {
  let now = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  let next = 0;
  return {
    setTimeout: (callback: () => void, ms: number) => {
      next += 1;
      pending.set(next, { at: now + ms, callback });
      return next;
    },
    clearTimeout: (timer: never) => void pending.delete(timer as number),
    elapse(ms: number) {
      now += ms;
      for (const [id, timer] of [...pending]) {
        if (timer.at > now) continue;
        pending.delete(id);
        timer.callback();
      }
    },
    get pending() {
      return pending.size;
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

it('reads the ticket a stream request names its page by', () => {
  expect(ticketOf(streamRequest('/media/live/7.flv?page=abc'))).toBe('abc');
  expect(ticketOf(streamRequest('/media/live/7.flv'))).toBeNull();
  expect(ticketOf(streamRequest('/media/live/7.flv?other=1'))).toBeNull();
});

it("renders a page once its own stream was answered, after that turn, and not on another page's", async () => {
  const timers = manualTimers();
  const gate = renderGate(300, timers);
  const rendered: string[] = [];
  gate.hold('a', () => rendered.push('a'));
  gate.hold('b', () => rendered.push('b'));
  gate.answered(streamRequest('/media/live/7.flv?page=b'));
  // The stream's own answer goes first.
  expect(rendered).toEqual([]);
  await turn();
  expect(rendered).toEqual(['b']);
  // A stream without a ticket, or with an unknown one, lets nobody go.
  gate.answered(streamRequest('/media/live/7.flv'));
  gate.answered(streamRequest('/media/live/7.flv?page=zz'));
  await turn();
  expect(rendered).toEqual(['b']);
  expect(gate.size).toBe(1);
  // b's limit was cleared with it; a's remains.
  expect(timers.pending).toBe(1);
});

/** A gate with page `a` waiting, on timers run by hand, counting its renders. */
function pageWaiting() {
  const timers = manualTimers();
  const gate = renderGate(300, timers);
  let renders = 0;
  gate.hold('a', () => {
    renders += 1;
  });
  return { timers, gate, renders: () => renders };
}

it('renders at the limit a page whose stream never comes, and only once', async () => {
  const { timers, gate, renders } = pageWaiting();
  timers.elapse(299);
  expect(renders()).toBe(0);
  timers.elapse(1);
  expect(renders()).toBe(1);
  // Its stream comes late: nothing more.
  gate.answered(streamRequest('/media/live/7.flv?page=a'));
  await turn();
  expect(renders()).toBe(1);
  expect(gate.size).toBe(0);
  expect(timers.pending).toBe(0);
});

it('renders once when the stream and the limit come in the same turn', async () => {
  const { timers, gate, renders } = pageWaiting();
  gate.answered(streamRequest('/media/live/7.flv?page=a'));
  timers.elapse(300);
  await turn();
  expect(renders()).toBe(1);
  expect(gate.size).toBe(0);
});
