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
import { api } from '@/lib/http/client';
import { useFormPost } from '@/lib/http/use-form-post';
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

/** Every send of the centre: the refusal beside the form, the page read again after it. */
const sent = (failed: string) => ({ refresh: true, failed });

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
  const rotation = useFormPost<void, { stream_key: string }>('api/live/rotateStreamKey', {
    ...sent(t('failed')),
    onSuccess: (reply) => setKey(reply.stream_key),
    onSettled: () => setConfirming(false),
  });
  const { error, isPending: pending } = rotation;
  const rotate = () => rotation.mutate();
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
  const saved = { ...sent(t('failed')), success: t('saved') };
  const titleAction = useFormPost<{ title: string }>(
    (body) => api.get('api/live/setTitle', body, { silent: true }),
    saved,
  );
  const placardAction = useFormPost<{ placard: string }>('api/Live/setPlacard', saved);
  const categoryAction = useFormPost<{ category: string; custom_category_id?: number }>(
    'api/live/setCategory',
    saved,
  );
  const over = placard.length > PLACARD_MAX;
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          titleAction.mutate({ title });
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
        <SaveRow pending={titleAction.isPending} label={t('saveTitle')} />
      </form>
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          const [value, id] = category.split(':');
          categoryAction.mutate({ category: value, ...(id ? { custom_category_id: Number(id) } : {}) });
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
        <SaveRow pending={categoryAction.isPending} label={t('saveCategory')} />
      </form>
      <form
        className="space-y-3 md:col-span-2"
        onSubmit={(event) => {
          event.preventDefault();
          placardAction.mutate({ placard });
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
        <SaveRow pending={placardAction.isPending} label={t('savePlacard')} />
      </form>
    </div>
  );
}

/** The cover's file picker; the cover itself is server markup beside it. */
export function CoverUpload() {
  const t = useTranslations('anchorCenter');
  const cover = useFormPost<File>(
    async (file) => {
      const stored = await uploadFile('cover', file);
      await api.post('api/live/setCover', { cover: stored.url }, { silent: true });
    },
    { ...sent(t('failed')), success: t('coverSaved') },
  );
  const { error, isPending: pending } = cover;
  const upload = (file: File | undefined) => {
    if (file) cover.mutate(file);
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
  const [waiting, setWaiting] = useState(false);
  const start = useFormPost<void, { waiting_for_push: boolean }>(
    () => api.get('api/Live/startRoom', {}, { silent: true }),
    {
      ...sent(t('failed')),
      onSuccess: (reply) => setWaiting(Boolean(reply.waiting_for_push)),
      onError: () => setWaiting(false),
    },
  );
  const end = useFormPost<void>(() => api.get('api/Live/endRoom', {}, { silent: true }), {
    ...sent(t('failed')),
    success: t('endedToast'),
  });
  // One line for both buttons: the last one pressed.
  const pending = start.isPending || end.isPending;
  const error = start.error ?? end.error;
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
          onClick={() => {
            end.reset();
            start.mutate();
          }}
        >
          {t('start')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={pending || room.status !== 'live'}
          onClick={() => {
            start.reset();
            end.mutate();
          }}
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
