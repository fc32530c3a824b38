'use client';
// The anchor centre's forms, the client leaves of its room cards (anchor-center-panel.tsx). The stream
// key is a password: it is shown once (when made or rotated) and never sent again; texts are validated
// by the server, whose translated message shows inline.
import { Copy, ImageUp } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { ApiError, api } from '@/lib/http/client';
import { Link } from '@/lib/i18n/navigation';
import { uploadFile } from '@/lib/storage/upload-file';
import { appStore, realtimeMessagesAtom } from '@/lib/store/atoms';
import { FormError } from './form-error';

export type Room = {
  id: number;
  title: string;
  placard: string;
  cover: string | null;
  status: 'idle' | 'live' | 'ended';
  category: string;
  /** A sealed room cannot start; the centre shows why above. */
  sealed?: boolean;
};

const PLACARD_MAX = 50;

function useAction() {
  const router = useRouter();
  const t = useTranslations('anchorCenter');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const run = async <T,>(action: () => Promise<T>, success?: string) => {
    setError(null);
    setPending(true);
    try {
      const result = await action();
      if (success) import('sonner').then(({ toast }) => toast.success(success));
      router.refresh();
      return result;
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : t('failed'));
      return undefined;
    } finally {
      setPending(false);
    }
  };
  return { run, error, pending };
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const t = useTranslations('anchorCenter');
  const copy = async () => {
    const { toast } = await import('sonner');
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('copied'));
    } catch {
      toast.error(t('copyFailed'));
    }
  };
  return (
    <div>
      <span className={LABEL_CLASS}>{label}</span>
      <div className="flex items-center gap-2">
        <code
          className="flex h-10 min-w-0 flex-1 items-center truncate rounded-md border border-line bg-canvas px-3 font-mono text-sm text-ink-900"
          data-testid={testId}
          title={value}
        >
          {value}
        </code>
        <Button type="button" variant="secondary" onClick={copy} aria-label={t('copyLabel', { what: label })}>
          <Copy aria-hidden className="size-4" />
          {t('copy')}
        </Button>
      </div>
    </div>
  );
}

export function PushSettingsForm({ pushUrl, firstKey }: { pushUrl: string; firstKey: string | null }) {
  const t = useTranslations('anchorCenter');
  const [key, setKey] = useState(firstKey);
  const [confirming, setConfirming] = useState(false);
  const { run, error, pending } = useAction();
  const rotate = async () => {
    const reply = await run(() =>
      api.post<{ stream_key: string }>('api/live/rotateStreamKey', {}, { silent: true }),
    );
    if (reply) setKey(reply.stream_key);
    setConfirming(false);
  };
  return (
    <div className="space-y-4">
      <CopyField label={t('pushUrl')} value={pushUrl} testId="push-url" />
      {key ? (
        <div className="space-y-2">
          <CopyField label={t('streamKey')} value={key} testId="stream-key" />
          <p className="text-xs text-live">{t('keyOnce')}</p>
        </div>
      ) : (
        <div>
          <span className={LABEL_CLASS}>{t('streamKey')}</span>
          <p className="flex h-10 items-center rounded-md border border-dashed border-line px-3 text-sm text-ink-500">
            {t('keyHidden')}
          </p>
        </div>
      )}
      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="rotate-question"
          className="flex items-center gap-3 rounded-md bg-brand-50 px-3 py-2"
        >
          <p id="rotate-question" className="flex-1 text-sm text-ink-900">
            {t('rotateConfirm')}
          </p>
          <Button type="button" size="sm" onClick={rotate} disabled={pending}>
            {t('rotateYes')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </Button>
        </div>
      ) : (
        <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
          {t('rotate')}
        </Button>
      )}
      <FormError message={error} />
      <p className="text-xs leading-5 text-ink-500">{t('obsHint')}</p>
    </div>
  );
}

function SaveRow({ children, pending, label }: { children?: ReactNode; pending: boolean; label: string }) {
  return (
    <div className="flex items-center gap-3">
      <Button type="submit" disabled={pending}>
        {label}
      </Button>
      {children}
    </div>
  );
}

export function RoomTextsForms({
  room,
  categories,
}: {
  room: Room;
  categories: { value: string; label: string }[];
}) {
  const t = useTranslations('anchorCenter');
  const [title, setTitle] = useState(room.title);
  const [placard, setPlacard] = useState(room.placard);
  const [category, setCategory] = useState(room.category);
  const titleAction = useAction();
  const placardAction = useAction();
  const categoryAction = useAction();
  const over = placard.length > PLACARD_MAX;
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          void titleAction.run(() => api.get('api/live/setTitle', { title }, { silent: true }), t('saved'));
        }}
      >
        <label htmlFor="room-title" className={LABEL_CLASS}>
          {t('titleLabel')}
        </label>
        <input
          id="room-title"
          className={INPUT_CLASS}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          placeholder={t('titlePrompt')}
        />
        <FormError message={titleAction.error} />
        <SaveRow pending={titleAction.pending} label={t('saveTitle')} />
      </form>
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          const [value, id] = category.split(':');
          void categoryAction.run(
            () =>
              api.post(
                'api/live/setCategory',
                { category: value, ...(id ? { custom_category_id: Number(id) } : {}) },
                { silent: true },
              ),
            t('saved'),
          );
        }}
      >
        <label htmlFor="room-category" className={LABEL_CLASS}>
          {t('categoryLabel')}
        </label>
        <select
          id="room-category"
          className={INPUT_CLASS}
          value={category}
          onChange={(event) => setCategory(event.target.value)}
        >
          {categories.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </select>
        <FormError message={categoryAction.error} />
        <SaveRow pending={categoryAction.pending} label={t('saveCategory')} />
      </form>
      <form
        className="space-y-3 md:col-span-2"
        onSubmit={(event) => {
          event.preventDefault();
          void placardAction.run(
            () => api.post('api/Live/setPlacard', { placard }, { silent: true }),
            t('saved'),
          );
        }}
      >
        <div className="flex items-baseline justify-between">
          <label htmlFor="room-placard" className={LABEL_CLASS}>
            {t('placardLabel')}
          </label>
          <span className={over ? 'text-xs text-live tabular-nums' : 'text-xs text-ink-500 tabular-nums'}>
            {t('counter', { count: placard.length, max: PLACARD_MAX })}
          </span>
        </div>
        <textarea
          id="room-placard"
          rows={2}
          className={`${FIELD_CLASS} py-2`}
          value={placard}
          onChange={(event) => setPlacard(event.target.value)}
          placeholder={t('placardPrompt')}
          aria-invalid={over}
        />
        <FormError message={placardAction.error} />
        <SaveRow pending={placardAction.pending} label={t('savePlacard')} />
      </form>
    </div>
  );
}

/** The cover's file picker; the cover itself is server markup beside it. */
export function CoverUpload() {
  const t = useTranslations('anchorCenter');
  const { run, error, pending } = useAction();
  const upload = (file: File | undefined) => {
    if (!file) return;
    void run(async () => {
      const stored = await uploadFile('cover', file);
      await api.post('api/live/setCover', { cover: stored.url }, { silent: true });
    }, t('coverSaved'));
  };
  return (
    <>
      <label className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-line px-4 text-sm text-ink-900 hover:border-brand-400 hover:text-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400">
        <ImageUp aria-hidden className="size-4" />
        {pending ? t('uploading') : t('chooseCover')}
        <input
          type="file"
          accept="image/png,image/jpeg"
          className="sr-only"
          disabled={pending}
          aria-label={t('chooseCover')}
          onChange={(event) => {
            upload(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      <FormError message={error} />
    </>
  );
}

/** Start and end buttons; the room's state pill is server markup in the card's title. */
export function LiveStateControls({ room }: { room: Room }) {
  const t = useTranslations('anchorCenter');
  const { run, error, pending } = useAction();
  const [waiting, setWaiting] = useState(false);
  const router = useRouter();
  // The stream, not the buttons, makes the room live: show the change when the push starts or ends.
  useEffect(() => {
    let last = appStore.get(realtimeMessagesAtom);
    return appStore.sub(realtimeMessagesAtom, () => {
      const messages = appStore.get(realtimeMessagesAtom);
      const mine = (type: 'startRoom' | 'endRoom') => {
        const message = messages[type] as { room_id: number } | undefined;
        return message && message !== last[type] && message.room_id === room.id;
      };
      if (mine('startRoom') || mine('endRoom')) router.refresh();
      last = messages;
    });
  }, [room.id, router]);
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          disabled={pending || room.status === 'live' || room.sealed}
          onClick={async () => {
            const reply = await run(() =>
              api.get<{ waiting_for_push: boolean }>('api/Live/startRoom', {}, { silent: true }),
            );
            setWaiting(Boolean(reply?.waiting_for_push));
          }}
        >
          {t('start')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={pending || room.status !== 'live'}
          onClick={() => run(() => api.get('api/Live/endRoom', {}, { silent: true }), t('endedToast'))}
        >
          {t('end')}
        </Button>
        <Link href={`/live?id=${room.id}`} className="ml-auto text-sm text-brand-600 hover:underline">
          {t('openRoom', { id: room.id })}
        </Link>
      </div>
      {waiting && room.status !== 'live' ? (
        <p className="mt-3 text-sm text-ink-700" role="status">
          {t('waitingForPush')}
        </p>
      ) : null}
      <div className="mt-3">
        <FormError message={error} />
      </div>
    </>
  );
}
