'use client';
// The install tutorials, one Radix tab per platform; the steps are rendered by the server.
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';

export function InstallTabs({
  label,
  platforms,
}: {
  label: string;
  platforms: { id: string; name: string; content: ReactNode }[];
}) {
  return (
    <Tabs.Root defaultValue={platforms[0]?.id}>
      <Tabs.List aria-label={label} className="flex gap-1 border-b border-line px-5">
        {platforms.map((platform) => (
          <Tabs.Trigger
            key={platform.id}
            value={platform.id}
            className="-mb-px border-b-2 border-transparent px-4 py-2.5 text-sm text-ink-700 hover:text-brand-600 data-[state=active]:border-brand-500 data-[state=active]:font-semibold data-[state=active]:text-brand-600"
          >
            {platform.name}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {platforms.map((platform) => (
        <Tabs.Content key={platform.id} value={platform.id} className="p-5 outline-none">
          {platform.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
