'use client';
// Recomputes a revealed plan's commitment in the visitor's browser: SHA-256 of the canonical text, a
// newline and the nonce, compared with the hash shown since publish. @noble/hashes, not Web Crypto:
// `crypto.subtle` exists only in secure contexts, and a self-hosted portal may be served over http.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

export function VerifyPlan({
  canonical,
  nonce,
  commitment,
}: {
  canonical: string;
  nonce: string;
  commitment: string;
}) {
  const t = useTranslations('experts.verify');
  const [computed, setComputed] = useState<string | null>(null);
  useEffect(() => {
    setComputed(bytesToHex(sha256(utf8ToBytes(`${canonical}\n${nonce}`))));
  }, [canonical, nonce]);
  const matches = computed === commitment;
  return (
    <div className="space-y-2 text-sm" data-testid="plan-verify">
      {computed === null ? (
        <p className="h-6 text-ink-500">{t('working')}</p>
      ) : matches ? (
        <p
          className="flex h-6 items-center gap-1.5 font-medium text-win"
          data-testid="plan-verify-result"
          data-ok="true"
        >
          <CheckCircle2 aria-hidden className="size-4" />
          {t('match')}
        </p>
      ) : (
        <p
          className="flex h-6 items-center gap-1.5 font-medium text-live"
          data-testid="plan-verify-result"
          data-ok="false"
        >
          <XCircle aria-hidden className="size-4" />
          {t('mismatch')}
        </p>
      )}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
        <dt className="text-ink-500">{t('computed')}</dt>
        <dd className="break-all font-mono text-ink-700" data-testid="plan-verify-computed">
          {computed ?? '…'}
        </dd>
        <dt className="text-ink-500">{t('nonce')}</dt>
        <dd className="break-all font-mono text-ink-700">{nonce}</dd>
      </dl>
      <details className="text-xs">
        <summary className="cursor-pointer text-ink-500 hover:text-brand-600">{t('canonical')}</summary>
        <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded bg-canvas p-2 font-mono text-ink-700">
          {canonical}
        </pre>
        <p className="mt-1 text-ink-500">{t('how')}</p>
      </details>
    </div>
  );
}
