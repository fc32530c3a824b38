'use client';
// Checks a revealed plan in the visitor's browser, with the module the server commits with
// (lib/experts/commitment.ts): the commitment recomputed from the text and the nonce, then the public chain
// walked from the plan's entry to the head, link by link, as the download streams in.
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useState } from 'react';
import { type ChainVerdict, commitmentOf, ndjsonValues, walkFromPlan } from '@/lib/experts/commitment';

type ChainCheck = { state: 'walking' } | { state: 'unreachable' } | { state: 'done'; verdict: ChainVerdict };

/** Streams the chain from the plan's entry and walks it (fetch, not ky: ky would buffer the body). */
async function walkPlanChain(
  plan: { id: number; seq: number; commitment: string },
  signal: AbortSignal,
): Promise<ChainVerdict> {
  const response = await fetch(`/api/expert/chain/download?after=${plan.seq - 1}`, {
    signal,
    credentials: 'same-origin',
    headers: { lang: document.documentElement.lang },
  });
  if (!response.ok || !response.body) throw new Error(`chain download: ${response.status}`);
  const head = {
    seq: Number(response.headers.get('x-chain-head-seq')),
    hash: response.headers.get('x-chain-head-hash') ?? '',
  };
  return walkFromPlan(ndjsonValues(response.body), plan, head);
}

function Result({ ok, testId, children }: { ok: boolean | null; testId: string; children: ReactNode }) {
  const tone = ok === null ? 'text-ink-500' : ok ? 'font-medium text-win' : 'font-medium text-live';
  return (
    <p
      className={`flex min-h-6 items-start gap-1.5 ${tone}`}
      data-testid={testId}
      data-ok={ok === null ? undefined : String(ok)}
    >
      {ok === null ? (
        <Loader2 aria-hidden className="mt-0.5 size-4 shrink-0 animate-spin" />
      ) : ok ? (
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
      ) : (
        <XCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
      )}
      <span>{children}</span>
    </p>
  );
}

export function VerifyPlan({
  planId,
  chainSeq,
  canonical,
  nonce,
  commitment,
}: {
  planId: number;
  chainSeq: number | null;
  canonical: string;
  nonce: string;
  commitment: string;
}) {
  const t = useTranslations('experts.verify');
  const [computed, setComputed] = useState<string | null>(null);
  const [chain, setChain] = useState<ChainCheck>({ state: 'walking' });
  useEffect(() => {
    setComputed(commitmentOf(canonical, nonce));
  }, [canonical, nonce]);
  useEffect(() => {
    if (!chainSeq) {
      setChain({ state: 'done', verdict: { ok: false, reason: 'plan_entry', seq: null } });
      return;
    }
    const controller = new AbortController();
    setChain({ state: 'walking' });
    walkPlanChain({ id: planId, seq: chainSeq, commitment }, controller.signal).then(
      (verdict) => setChain({ state: 'done', verdict }),
      () => {
        if (!controller.signal.aborted) setChain({ state: 'unreachable' });
      },
    );
    return () => controller.abort();
  }, [planId, chainSeq, commitment]);
  const verdict = chain.state === 'done' ? chain.verdict : null;

  return (
    <div className="space-y-2 text-sm" data-testid="plan-verify" aria-live="polite">
      {computed === null ? (
        <Result ok={null} testId="plan-verify-working">
          {t('working')}
        </Result>
      ) : (
        <Result ok={computed === commitment} testId="plan-verify-result">
          {computed === commitment ? t('match') : t('mismatch')}
        </Result>
      )}
      {chain.state === 'walking' ? (
        <Result ok={null} testId="plan-verify-chain-working">
          {t('chainWorking')}
        </Result>
      ) : chain.state === 'unreachable' ? (
        <Result ok={false} testId="plan-verify-chain">
          {t('chainUnreachable')}
        </Result>
      ) : verdict?.ok ? (
        <Result ok testId="plan-verify-chain">
          {t('chainOk', {
            from: verdict.from,
            head: verdict.head?.seq ?? verdict.from,
            count: verdict.length,
          })}
        </Result>
      ) : (
        <Result ok={false} testId="plan-verify-chain">
          {verdict && !verdict.ok && verdict.reason === 'plan_entry'
            ? t('chainMissing')
            : t('chainBroken', { seq: verdict && !verdict.ok ? (verdict.seq ?? '?') : '?' })}
        </Result>
      )}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
        <dt className="text-ink-500">{t('computed')}</dt>
        <dd className="break-all font-mono text-ink-700" data-testid="plan-verify-computed">
          {computed ?? '…'}
        </dd>
        <dt className="text-ink-500">{t('nonce')}</dt>
        <dd className="break-all font-mono text-ink-700">{nonce}</dd>
        {verdict?.ok && verdict.head ? (
          <>
            <dt className="text-ink-500">{t('chainHead', { seq: verdict.head.seq })}</dt>
            <dd className="break-all font-mono text-ink-700" data-testid="plan-verify-head">
              {verdict.head.hash}
            </dd>
          </>
        ) : null}
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
