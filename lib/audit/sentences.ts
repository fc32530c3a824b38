// The audit log read as sentences (issue #41, item 5): one table maps each staff write's action (its
// route's declared path) to an ICU message `admin.audit.sentences.<key>` and to the console page of the
// object it touched. The review queue's routes (`/api/admin/review/<source>/decide` and `…/take`) share
// one sentence each, naming the source's item (`im.notices.items.<source>`). `lib/audit/sentences.test.ts`
// walks every staff write in the route table: each must have its sentence in the four languages.
//
// A sentence's values: `actor` ("财务 王五"), `target` ("#12", or the person's name for a user), and for
// the queue's decisions `verb` (`admin.audit.verbs.<approve|reject>`), `item`, `owner` / `hasOwner` (whom
// the item concerned) and `ids`. The reason follows the sentence ("…：账户信息不符", `admin.audit.withReason`).

type SentenceEntry = {
  /** The message key under `admin.audit.sentences`. */
  key: string;
  /** The console page of what was touched (`id`: the entry's target id). */
  link?: (id: string) => string;
  /** The target is a user: named by their nickname. */
  user?: boolean;
};

const user = (id: string) => `/admin/users/${id}`;

export const AUDIT_SENTENCES: Readonly<Record<string, SentenceEntry>> = {
  '/api/admin/popup/save': { key: 'popupSave', link: () => '/admin/promos' },
  '/api/admin/popup/delete': { key: 'popupDelete', link: () => '/admin/promos' },
  '/api/admin/promo/save': { key: 'promoSave', link: () => '/admin/promos' },
  '/api/admin/promo/delete': { key: 'promoDelete', link: () => '/admin/promos' },
  '/api/admin/legal/save': { key: 'legalSave', link: () => '/admin/legal' },
  '/api/admin/legal/reset': { key: 'legalReset', link: () => '/admin/legal' },
  '/api/admin/live/seal': { key: 'liveSeal', link: () => '/admin/live' },
  '/api/admin/live/unseal': { key: 'liveUnseal', link: () => '/admin/live' },
  '/api/admin/live/removeTitle': { key: 'liveRemoveTitle', link: () => '/admin/live' },
  '/api/admin/live/removeCover': { key: 'liveRemoveCover', link: () => '/admin/live' },
  '/api/admin/news/insert': { key: 'newsInsert', link: () => '/admin/news' },
  '/api/admin/news/save': { key: 'newsSave', link: () => '/admin/news' },
  '/api/admin/news/delete': { key: 'newsDelete', link: () => '/admin/news' },
  '/api/admin/news/restore': { key: 'newsRestore', link: () => '/admin/news' },
  '/api/admin/news/categorySave': { key: 'newsCategorySave', link: () => '/admin/news-categories' },
  '/api/admin/news/categoryDelete': { key: 'newsCategoryDelete', link: () => '/admin/news-categories' },
  '/api/admin/sensitiveWords/add': { key: 'sensitiveWordAdd', link: () => '/admin/sensitive-words' },
  '/api/admin/sensitiveWords/delete': { key: 'sensitiveWordDelete', link: () => '/admin/sensitive-words' },
  '/api/admin/sensitiveWords/policy': { key: 'sensitiveWordPolicy', link: () => '/admin/sensitive-words' },
  '/api/admin/content/remove': { key: 'contentRemove', link: () => '/admin/content' },
  '/api/admin/content/restore': { key: 'contentRestore', link: () => '/admin/content' },
  '/api/admin/payChannels/save': { key: 'payChannelSave', link: () => '/admin/pay-channels' },
  '/api/admin/chargeRules/save': { key: 'chargeRuleSave', link: () => '/admin/recharge' },
  '/api/admin/gifts/save': { key: 'giftSave', link: () => '/admin/gifts' },
  '/api/admin/gifts/grant': { key: 'giftGrant', link: user, user: true },
  '/api/admin/nobility/saveTier': { key: 'nobilitySaveTier', link: () => '/admin/nobility' },
  '/api/admin/horn/settings': { key: 'hornSettings', link: () => '/admin/review-settings' },
  '/api/admin/video/settings': { key: 'videoSettings', link: () => '/admin/review-settings' },
  '/api/admin/circle/settings': { key: 'circleSettings', link: () => '/admin/review-settings' },
  '/api/admin/hotSearch/save': { key: 'hotSearchSave', link: () => '/admin/hot-search' },
  '/api/admin/hotSearch/delete': { key: 'hotSearchDelete', link: () => '/admin/hot-search' },
  '/api/admin/tasks/saveRules': { key: 'tasksSaveRules', link: () => '/admin/coin-rules' },
  '/api/admin/invitations/saveRules': { key: 'invitationsSaveRules', link: () => '/admin/coin-rules' },
  '/api/admin/goods/save': { key: 'goodsSave', link: () => '/admin/goods' },
  '/api/admin/goods/exchangeStatus': { key: 'goodsExchangeStatus', link: () => '/admin/shop-orders' },
  '/api/admin/expertPlan/void': { key: 'expertPlanVoid', link: () => '/admin/plans' },
  '/api/admin/staff/grant': { key: 'staffGrant', link: user, user: true },
  '/api/admin/settings/save': { key: 'settingsSave', link: () => '/admin/settings' },
  '/api/admin/backup/save': { key: 'backupSave', link: () => '/admin/settings' },
  '/api/admin/backup/run': { key: 'backupRun', link: () => '/admin/settings' },
  '/api/admin/retention/save': { key: 'retentionSave', link: () => '/admin/settings' },
  '/api/admin/users/sanction': { key: 'usersSanction', link: user, user: true },
  '/api/admin/users/lift': { key: 'usersLift', link: user, user: true },
  '/api/admin/users/note': { key: 'usersNote', link: user, user: true },
  '/api/admin/users/removeContent': { key: 'usersRemoveContent', link: user, user: true },
  '/api/admin/users/resetProfile': { key: 'usersResetProfile', link: user, user: true },
  '/api/admin/withdrawals/pay': { key: 'withdrawalPay', link: () => '/admin/payouts?status=paid' },
  '/api/admin/withdrawals/return': { key: 'withdrawalReturn', link: () => '/admin/payouts?status=rejected' },
  '/api/admin/withdrawals/export': { key: 'withdrawalExport', link: () => '/admin/payouts' },
  '/api/admin/withdrawals/import': { key: 'withdrawalImport', link: () => '/admin/payouts?status=paid' },
};

const REVIEW_ACTION = /^\/api\/admin\/review\/([A-Za-z]+)\/(decide|take)$/;

/** The sentence of an action (null: none, the log shows the raw path), with the queue's source if any. */
export function sentenceOf(action: string): (SentenceEntry & { source?: string }) | null {
  const review = REVIEW_ACTION.exec(action);
  if (review) {
    const [, source, verb] = review;
    return {
      key: verb === 'decide' ? 'reviewDecide' : 'reviewTake',
      source,
      link: () => `/admin/review?source=${source}${verb === 'decide' ? '&view=decided' : ''}`,
    };
  }
  return AUDIT_SENTENCES[action] ?? null;
}

/** What a queue decision's entry says per item (its `after`, lib/review/api.ts). */
export function decisionOf(after: unknown) {
  const items = Array.isArray(after)
    ? (after as { id?: unknown; decision?: unknown; user_id?: unknown }[])
    : [];
  const ids = items.flatMap((item) => (typeof item?.id === 'number' ? [item.id] : []));
  const decision = items.find(
    (item) => item?.decision === 'approve' || item?.decision === 'reject',
  )?.decision;
  const owners = [
    ...new Set(items.flatMap((item) => (typeof item?.user_id === 'number' ? [item.user_id] : []))),
  ];
  return { ids, decision: (decision as 'approve' | 'reject' | undefined) ?? null, owners };
}
