// The anchor's chat settings (issue 11): sensitive words masked (***) or refused in the room's chat,
// slow mode, and the room administrators (appointed from a name's card in the chat) with 撤销.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, api } from '@/lib/http/client';
import { FormError } from './form-error';
import { SectionCard } from './section-card';

const SLOW_MODES = [0, 3, 5, 10, 30, 60, 120] as const;
type State = {
  sensitive_mode: 'mask' | 'refuse';
  slow_mode_seconds: number;
  fans_only: boolean;
  feed_delay_seconds: number;
};
type Admins = { list: { user_id: number; nickname: string; avatar: string }[] };

export function ChatSettingsCard({ roomId }: { roomId: number }) {
  const t = useTranslations('chatSettings');
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const settingsKey = ['chat', 'settings', roomId] as const;
  const adminsKey = ['chat', 'admins', roomId] as const;
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: () => api.get<State>('api/chat/viewerState', { room_id: roomId }, { silent: true }),
  });
  const admins = useQuery({
    queryKey: adminsKey,
    queryFn: () => api.post<Admins>('api/RoomManage/getLiveRoomManageList', {}, { silent: true }),
  });

  const act = async (call: () => Promise<unknown>) => {
    setError(null);
    try {
      await call();
      import('sonner').then(({ toast }) => toast.success(t('saved')));
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : t('failed'));
    }
    await queryClient.invalidateQueries({ queryKey: ['chat'] });
  };
  const save = (changes: Partial<State>) => {
    // Shown at once; the refetch after the call puts back what the server kept. A refetch still on its way
    // from the previous change is cancelled, or its older answer would undo this one on screen (the
    // cancelled query reverts to the state just set).
    queryClient.setQueryData<State>(settingsKey, (data) => (data ? { ...data, ...changes } : data));
    void queryClient.cancelQueries({ queryKey: settingsKey });
    return act(() => api.post('api/chat/setRoomSettings', changes, { silent: true }));
  };

  return (
    <SectionCard title={t('title')} icon={ShieldCheck}>
      {!settings.data ? (
        <Skeleton className="h-24 rounded-md" />
      ) : (
        <div className="grid grid-cols-1 gap-6 text-sm sm:grid-cols-2">
          <div className="space-y-4">
            <fieldset>
              <legend className="mb-2 font-medium text-ink-900">{t('sensitive')}</legend>
              <div className="flex gap-2">
                {(['mask', 'refuse'] as const).map((mode) => (
                  <label key={mode} className="flex items-center gap-1.5 text-ink-700">
                    <input
                      type="radio"
                      name="sensitive-mode"
                      checked={settings.data.sensitive_mode === mode}
                      onChange={() => save({ sensitive_mode: mode })}
                      className="accent-brand-500"
                    />
                    {t(`modes.${mode}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="block">
              <span className="mb-2 block font-medium text-ink-900">{t('slowMode')}</span>
              <select
                value={settings.data.slow_mode_seconds}
                onChange={(event) => save({ slow_mode_seconds: Number(event.target.value) })}
                className="h-9 rounded-md border border-line bg-surface px-2 text-sm"
              >
                {SLOW_MODES.map((seconds) => (
                  <option key={seconds} value={seconds}>
                    {seconds === 0 ? t('slowOff') : t('slowSeconds', { seconds })}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                checked={settings.data.fans_only}
                onChange={(event) => save({ fans_only: event.target.checked })}
                className="mt-0.5 accent-brand-500"
                data-testid="fans-only"
              />
              <span>
                <span className="block font-medium text-ink-900">{t('fansOnly')}</span>
                <span className="text-xs text-ink-500">{t('fansOnlyHint')}</span>
              </span>
            </label>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                const value = new FormData(event.currentTarget).get('feed_delay_seconds');
                // The server checks the range (0–120) and answers in the reader's language.
                void act(() =>
                  api.post(
                    'api/chat/setRoomSettings',
                    { feed_delay_seconds: Number(value) },
                    { silent: true },
                  ),
                );
              }}
            >
              <label htmlFor="feed-delay" className="mb-1 block font-medium text-ink-900">
                {t('feedDelay')}
              </label>
              <p className="mb-2 text-xs text-ink-500">{t('feedDelayHint')}</p>
              <div className="flex items-center gap-2">
                <input
                  id="feed-delay"
                  name="feed_delay_seconds"
                  type="number"
                  inputMode="numeric"
                  step={1}
                  key={settings.data.feed_delay_seconds}
                  defaultValue={settings.data.feed_delay_seconds}
                  data-testid="feed-delay-input"
                  className="h-9 w-24 rounded-md border border-line bg-surface px-2 text-sm tabular-nums"
                />
                <span className="text-ink-500">{t('seconds')}</span>
                <Button type="submit" size="sm" variant="secondary" data-testid="feed-delay-save">
                  {t('save')}
                </Button>
              </div>
            </form>
            <FormError message={error} />
          </div>
          <div>
            <p className="mb-2 font-medium text-ink-900">
              {t('admins', { count: admins.data?.list.length ?? 0 })}
            </p>
            {!admins.data ? (
              <Skeleton className="h-12 rounded-md" />
            ) : admins.data.list.length === 0 ? (
              <EmptyState icon={ShieldCheck} title={t('noAdmins')} hint={t('noAdminsHint')} />
            ) : (
              <ul className="max-h-64 divide-y divide-line overflow-y-auto" data-testid="admin-list">
                {admins.data.list.map((person) => (
                  <li key={person.user_id} className="flex h-12 items-center gap-3">
                    <img
                      src={person.avatar}
                      alt=""
                      width={32}
                      height={32}
                      className="size-8 rounded-full bg-canvas"
                    />
                    <span className="min-w-0 flex-1 truncate text-ink-900" title={person.nickname}>
                      {person.nickname}
                    </span>
                    <Button
                      type="button"
                      size="sm"
                      variant="secondary"
                      onClick={() =>
                        act(() =>
                          api.post(
                            'api/RoomManage/delLiveRoomManage',
                            { user_id: person.user_id },
                            { silent: true },
                          ),
                        )
                      }
                    >
                      {t('revoke')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </SectionCard>
  );
}
