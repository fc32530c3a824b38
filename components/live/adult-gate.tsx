'use client';
import { Button } from '@/components/ui/button';
// The 18+ category's age check (spec §2 /anchor type 3): nothing is listed until the visitor confirms,
// and the answer is remembered for this browser.
import { useRouter } from '@/lib/i18n/navigation';

export const ADULT_COOKIE = 'adult_ok';

export function AdultGate({
  texts,
}: {
  texts: { title: string; body: string; confirm: string; leave: string };
}) {
  const router = useRouter();
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
        <Button variant="secondary" onClick={() => router.push('/anchor?type=0')}>
          {texts.leave}
        </Button>
        <Button
          onClick={() => {
            document.cookie = `${ADULT_COOKIE}=1; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
            router.refresh();
          }}
        >
          {texts.confirm}
        </Button>
      </div>
    </div>
  );
}
