// The 18+ category's age check (spec §2 /anchor type 3): nothing is listed until the visitor confirms;
// the answer is remembered for this browser (cookie set by `api/live/confirmAdult`).
import { Link } from '@/lib/i18n/navigation';

export function AdultGate({
  next,
  texts,
}: {
  /** Where to return after confirming (a path of this site). */
  next: string;
  texts: { title: string; body: string; confirm: string; leave: string };
}) {
  return (
    <div
      role="alertdialog"
      aria-labelledby="adult-gate-title"
      className="mx-auto mt-10 max-w-md rounded-2xl border border-line bg-surface p-8 text-center"
    >
      <p className="mx-auto flex size-14 items-center justify-center rounded-full bg-live/10 text-lg font-bold text-live">
        18+
      </p>
      <h2 id="adult-gate-title" className="mt-4 text-lg font-semibold">
        {texts.title}
      </h2>
      <p className="mt-2 text-sm text-ink-700">{texts.body}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link
          href="/anchor?type=0"
          className="inline-flex h-10 items-center rounded-md border border-line bg-surface px-4 text-sm font-medium text-ink-900 hover:border-brand-400 hover:text-brand-600"
        >
          {texts.leave}
        </Link>
        <a
          href={`/api/live/confirmAdult?next=${encodeURIComponent(next)}`}
          className="inline-flex h-10 items-center rounded-md bg-brand-500 px-4 text-sm font-medium text-white hover:bg-brand-600"
        >
          {texts.confirm}
        </a>
      </div>
    </div>
  );
}
