// The no-spoilers hold queue on a fake clock: items come out after their delay, in order, never early;
// a shorter delay later does not overtake; the delay sums the anchor's feed delay and the player's.
import { createHoldQueue, guardMatch, reportPlaybackDelay, spoilerDelayMs } from './spoiler-hold';

function fakeClock() {
  let now = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  return {
    now: () => now,
    setTimeout: (run: () => void, ms: number) => {
      timers.set(next, { at: now + ms, run });
      return next++;
    },
    clearTimeout: (handle: unknown) => timers.delete(handle as number),
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = until;
    },
  };
}

describe('spoiler hold queue', () => {
  it('delivers each item after its delay, in order, never before', () => {
    const clock = fakeClock();
    const out: string[] = [];
    const queue = createHoldQueue<string>((item) => out.push(`${item}@${clock.now()}`), clock);
    queue.hold('goal 1-0', 8000);
    clock.advance(3000);
    queue.hold('goal 2-0', 2000); // due at 5000 by its delay, but never before the first (8000)
    clock.advance(4999);
    expect(out).toEqual([]);
    clock.advance(1);
    expect(out).toEqual(['goal 1-0@8000', 'goal 2-0@8000']);
    queue.hold('goal 3-0', 0);
    clock.advance(0);
    expect(out.at(-1)).toBe('goal 3-0@8000');
    queue.hold('red card', 1000);
    queue.clear();
    clock.advance(5000);
    expect(out).toHaveLength(3);
  });

  it("holds the guarded match's events for the feed delay plus the player's delay, others not at all", () => {
    const stopGuard = guardMatch({ matchId: 7, feedDelaySeconds: 30 });
    const stopPlayer = reportPlaybackDelay(() => 7.2);
    expect(spoilerDelayMs(7)).toBe(37_200);
    expect(spoilerDelayMs(8)).toBe(0);
    stopPlayer();
    expect(spoilerDelayMs(7)).toBe(30_000);
    stopGuard();
    expect(spoilerDelayMs(7)).toBe(0);
  });
});
