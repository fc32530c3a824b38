'use client';
import { Copy } from 'lucide-react';
import { useTranslations } from 'next-intl';

export function CopyButton({ text }: { text: string }) {
  const t = useTranslations('member.account');
  const copy = async () => {
    const { toast } = await import('sonner');
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('copied'));
    } catch {
      // Clipboard access is refused on plain http and in some embedded browsers.
      toast.error(t('copyFailed'));
    }
  };
  return (
    <button
      type="button"
      onClick={copy}
      className="inline-flex shrink-0 items-center gap-1 rounded px-1.5 py-0.5 text-xs whitespace-nowrap text-brand-600 hover:bg-brand-50"
    >
      <Copy aria-hidden className="size-3.5" />
      {t('copy')}
    </button>
  );
}
