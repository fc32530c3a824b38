// Every TanStack Query key, from one place, so pushes and mutations invalidate the right caches.
export const queryKeys = {
  systemConfig: ['system', 'config'] as const,
  customerService: ['system', 'kefu'] as const,
  popups: ['system', 'popups'] as const,
  kickedRooms: ['live', 'kicked-rooms'] as const,
  hotSearches: ['search', 'hot'] as const,
  /** Every board of one sport (pushes patch them all). */
  scoreBoardsOf: (sport: string) => ['scores', 'board', sport] as const,
  scoreBoard: (params: {
    sport: string;
    tab: string;
    day?: string;
    competition?: string;
    region?: string;
    timeZone: string;
  }) =>
    [
      'scores',
      'board',
      params.sport,
      params.tab,
      params.day ?? '',
      params.competition ?? '',
      params.region ?? '',
      params.timeZone,
    ] as const,
  matchBrief: (matchId: number) => ['scores', 'brief', matchId] as const,
  /** The reader's favourite football matches, for the goal alerts limited to favourites. */
  favouriteMatches: ['scores', 'favourites'] as const,
  matchSummary: (id: number) => ['scores', 'match-summary', id] as const,
  /**
   * The signed-in user's balances (`api/wallet/balance`): the one key every screen that shows a balance
   * reads and every money action (and the pushes naming the user) invalidates or patches.
   */
  balances: ['wallet', 'balances'] as const,
  liveRoom: (id: number) => ['live', 'room', id] as const,
  liveReplays: (id: number) => ['live', 'replays', id] as const,
  /** Every sort of one post's comments (a new comment refreshes them all). */
  postCommentsOf: (postId: number) => ['posts', 'comments', postId] as const,
  postComments: (postId: number, sort: 'new' | 'hot') => ['posts', 'comments', postId, sort] as const,
  /** Every order of one post's comments. */
  allPostComments: (postId: number) => ['posts', 'comments', postId] as const,
  /** Private messages and the message centre: every key starts with `im`, so one push can refresh them all. */
  im: {
    all: ['im'] as const,
    unread: ['im', 'unread'] as const,
    conversations: ['im', 'conversations'] as const,
    /** One conversation looked up by id (one not on the list's loaded pages). */
    conversation: (conversationId: number) => ['im', 'conversations', 'one', conversationId] as const,
    messages: (conversationId: number) => ['im', 'messages', conversationId] as const,
    blocks: ['im', 'blocks'] as const,
    contacts: (list: string) => ['im', 'contacts', list] as const,
    groupMembers: (groupId: number) => ['im', 'group-members', groupId] as const,
    notices: (kind: string) => ['im', 'notices', kind] as const,
  },
};
