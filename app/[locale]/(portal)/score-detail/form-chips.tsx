// W/D/L chips of a form window (latest first).
import { getTranslations } from 'next-intl/server';
import { cn } from '@/lib/cn';
import type { FormLetter } from '@/lib/scores/detail-service';

const COLORS: Record<FormLetter, string> = {
  W: 'bg-win text-white',
  D: 'bg-ink-300 text-ink-900',
  L: 'bg-live text-white',
};

export async function FormChips({ form }: { form: FormLetter[] }) {
  const t = await getTranslations('matchDetail.form');
  return (
    <span className="inline-flex flex-wrap gap-1">
      {form.map((letter, index) => (
        <span
          // Position in the window is the identity of a chip.
          // biome-ignore lint/suspicious/noArrayIndexKey: results repeat, order is fixed
          key={index}
          data-result={letter}
          className={cn(
            'inline-flex size-5 items-center justify-center rounded text-[11px] font-bold',
            COLORS[letter],
          )}
        >
          {t(`letter.${letter}`)}
        </span>
      ))}
    </span>
  );
}
