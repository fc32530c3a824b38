// QR mode of the login dialog (spec §4): request a code, tell the websocket we are waiting for it,
// show a tick when the phone has scanned, and sign in when the phone confirms. Codes live 2 minutes.
import { useAtomValue } from 'jotai';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { storeSignedInUser } from '@/lib/accounts/browser-storage';
import { api } from '@/lib/http/client';
import { appStore, loginStatusAtom, realtimeMessagesAtom, type StoredUser } from '@/lib/store/atoms';

type Qr = { code: string; img: string; expires_in: number };

function forgetEarlierQrPushes() {
  appStore.set(loginStatusAtom, 'waiting');
  appStore.set(realtimeMessagesAtom, ({ scanCode_Login: _s, webLoginSuccess: _w, ...rest }) => rest);
}

export function QrLoginView({
  onSignedIn,
  checkIcon,
}: {
  onSignedIn: () => void;
  checkIcon: React.ReactNode;
}) {
  const t = useTranslations('auth');
  const [qr, setQr] = useState<Qr | null>(null);
  const [expired, setExpired] = useState(false);
  const status = useAtomValue(loginStatusAtom);
  const success = useAtomValue(realtimeMessagesAtom).webLoginSuccess;

  const load = useCallback(async () => {
    forgetEarlierQrPushes();
    setQr(null);
    setExpired(false);
    try {
      setQr(await api.post<Qr>('api/user/getLoginQrcode'));
    } catch {
      setExpired(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // Ask the gateway to tell this page (and only this page) about the code; again after a reconnect.
  useEffect(() => {
    if (!qr) return;
    let stop = () => {};
    let cancelled = false;
    import('@/lib/realtime/client').then(({ withRealtime }) => {
      if (cancelled) return;
      stop = withRealtime(({ socket }) => {
        const claim = () =>
          socket.timeout(5000).emit('login', { code: qr.code }, (error: unknown, reply?: { ok: boolean }) => {
            if (error || !reply?.ok) setExpired(true);
          });
        claim();
        socket.io.on('reconnect', claim);
        const previous = stop;
        stop = () => {
          previous();
          socket.io.off('reconnect', claim);
        };
      });
    });
    const timer = setTimeout(() => setExpired(true), qr.expires_in * 1000);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop();
    };
  }, [qr]);

  useEffect(() => {
    const token = success && 'token' in success ? success.token : undefined;
    if (status !== 'success' || !token) return;
    api
      .post<StoredUser & { token: string }>('api/user/useToken', { token })
      .then(({ token: _token, ...user }) => {
        storeSignedInUser(user);
        onSignedIn();
      })
      .catch(() => setExpired(true));
  }, [status, success, onSignedIn]);

  const scanned = status === 'scanned' || status === 'success';
  return (
    <div className="flex flex-col items-center gap-4 py-2">
      <div className="relative size-48 rounded-lg border border-line bg-surface p-2">
        {qr ? (
          // A data URL made by the server: nothing for next/image to optimise.
          <img src={qr.img} alt={t('qrAlt')} width={176} height={176} className="size-44" />
        ) : (
          <div className="size-44 animate-pulse rounded bg-canvas" role="status">
            <span className="sr-only">{t('qrLoading')}</span>
          </div>
        )}
        {(scanned || expired) && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-lg bg-surface/95 text-center">
            {expired && !scanned ? (
              <>
                <p className="text-sm text-ink-700">{t('qrExpired')}</p>
                <button
                  type="button"
                  onClick={() => void load()}
                  className="h-9 rounded-md bg-brand-500 px-4 text-sm font-medium text-white hover:bg-brand-600"
                >
                  {t('qrRefresh')}
                </button>
              </>
            ) : (
              <>
                <span className="flex size-12 items-center justify-center rounded-full bg-win text-white">
                  {checkIcon}
                </span>
                <p className="px-4 text-sm text-ink-900" data-testid="qr-scanned">
                  {t('qrScanned')}
                </p>
              </>
            )}
          </div>
        )}
      </div>
      <p className="max-w-64 text-center text-sm text-ink-500">{t('qrHint')}</p>
    </div>
  );
}
