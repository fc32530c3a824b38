// One pay channel: on or off, and its place in the buyers' list. Whether it is configured is the
// environment's (shown, not edited here). Server markup in the catalogue's editor dialog.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { EditDialog } from '@/components/admin/catalog/edit-dialog';
import { NumberField } from '@/components/admin/catalog/fields';
import { SHOWN_BESIDE, ShownCheckbox } from '@/components/admin/catalog/locale-fields';

type Channel = {
  channel: string;
  /** The channel's name in the page's language (the `wallet` messages stay on the server). */
  name: string;
  configured: boolean;
  active: boolean;
  sort: number;
};

export function ChannelEditor({ channel, trigger }: { channel: Channel; trigger: ReactNode }) {
  const t = useTranslations('admin.catalog2.channels');
  return (
    <EditDialog
      trigger={trigger}
      title={t('editTitle', { channel: channel.name })}
      description={channel.configured ? t('editHint') : t('editHintUnconfigured')}
      save={{
        path: 'api/admin/payChannels/save',
        fixed: { channel: channel.channel },
        fields: { active: { checked: 'active' }, sort: { number: 'sort', empty: 0 } },
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <NumberField
          label={t('order')}
          hint={t('orderHint')}
          name="sort"
          min={0}
          max={999}
          defaultValue={channel.sort}
        />
        <ShownCheckbox label={t('shown')} checked={channel.active} className={SHOWN_BESIDE} />
      </div>
    </EditDialog>
  );
}
