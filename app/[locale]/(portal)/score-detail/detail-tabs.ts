// The tabs of /score-detail, kept in the URL (`?tab=`).
export const DETAIL_TABS = ['events', 'statistics', 'lineups', 'odds', 'analysis'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

export function detailTabOf(value: string | undefined): DetailTab {
  return DETAIL_TABS.find((tab) => tab === value) ?? 'events';
}
