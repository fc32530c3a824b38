// A post's comments: newest or hottest first, replies under each, likes, deleting for those allowed,
// and the composer (a guest's send gets code 700, which opens the login dialog).
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { CornerDownRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { LikeButton } from '@/components/posts/like-button';
import { LikeIcon } from '@/components/posts/like-icon';
import type { CommentItem, CommentPage } from '@/components/posts/types';
import { Button } from '@/components/ui/button';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { LocalTime } from '@/components/ui/local-time';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { api } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { useFormPost } from '@/lib/http/use-form-post';
import { COMMENT_BODY_MAX as COMMENT_MAX } from '@/lib/posts/limits';
import { ContentReportButton } from './post-viewer';

type Sort = 'new' | 'hot';

/** The calls a thread uses: the posts' own, or a domain's aliases of them (videos: `api/Video*`). */
export type ThreadEndpoints = {
  list: string;
  comment: string;
  commentLikes: 'api/anchor_dynamics_user/commentLikes' | 'api/Video_user/commentLikes';
};
const POST_ENDPOINTS: ThreadEndpoints = {
  list: 'api/anchor_dynamics/commentList',
  comment: 'api/anchor_dynamics_user/comment',
  commentLikes: 'api/anchor_dynamics_user/commentLikes',
};

export default function CommentThread({
  postId,
  onAdded,
  onRemoved,
  endpoints = POST_ENDPOINTS,
}: {
  postId: number;
  onAdded: () => void;
  onRemoved: (count: number) => void;
  endpoints?: ThreadEndpoints;
}) {
  const t = useTranslations('posts');
  const [sort, setSort] = useState<Sort>('new');
  const [replyTo, setReplyTo] = useState<{ id: number; name: string } | null>(null);
  const query = useInfiniteQuery({
    queryKey: queryKeys.postComments(postId, sort),
    queryFn: ({ pageParam }) => api.post<CommentPage>(endpoints.list, { id: postId, page: pageParam, sort }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((sum, page) => sum + page.list.length, 0) < last.total ? pages.length + 1 : undefined,
  });
  const comments = query.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <div className="space-y-3 rounded-lg bg-canvas p-3" data-testid="comment-thread">
      <div className="flex items-center gap-1 text-xs">
        {(['new', 'hot'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={sort === value}
            onClick={() => setSort(value)}
            className={cn(
              'h-6 rounded px-2',
              sort === value
                ? 'bg-surface font-medium text-brand-600 shadow-sm'
                : 'text-ink-500 hover:text-ink-900',
            )}
          >
            {value === 'new' ? t('sortNew') : t('sortHot')}
          </button>
        ))}
      </div>
      <Composer
        postId={postId}
        path={endpoints.comment}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onSent={(held) => {
          setReplyTo(null);
          // A held comment is not counted until a moderator approves it.
          if (!held) onAdded();
        }}
      />
      {query.isPending ? (
        <div className="space-y-2">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : comments.length === 0 ? (
        <p className="py-3 text-center text-sm text-ink-500">{t('noComments')}</p>
      ) : (
        <ul className="space-y-3" data-testid="comments">
          {comments.map((comment) => (
            <li key={comment.id} className="space-y-2">
              <CommentRow
                comment={comment}
                likePath={endpoints.commentLikes}
                onReply={() => setReplyTo({ id: comment.id, name: comment.author.nickname })}
                onRemoved={onRemoved}
              />
              {comment.replies.length ? (
                <ul className="ml-9 space-y-2 border-l-2 border-line pl-3" data-testid="comment-replies">
                  {comment.replies.map((reply) => (
                    <li key={reply.id}>
                      <CommentRow comment={reply} likePath={endpoints.commentLikes} onRemoved={onRemoved} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          className="w-full"
        >
          {query.isFetchingNextPage ? t('loading') : t('moreComments')}
        </Button>
      ) : null}
    </div>
  );
}

function CommentRow({
  comment,
  likePath,
  onReply,
  onRemoved,
}: {
  comment: CommentItem;
  likePath: ThreadEndpoints['commentLikes'];
  onReply?: () => void;
  onRemoved: (count: number) => void;
}) {
  const t = useTranslations('posts');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // The shared client toasts a refusal.
  const deletion = useFormPost<{ id: number }, { removed: number }>('api/anchor_dynamics/deleteComment', {
    refusal: 'toast',
    success: t('commentDeleted'),
    onSuccess: ({ removed }) => {
      onRemoved(removed);
      return queryClient.invalidateQueries({ queryKey: queryKeys.allPostComments(comment.post_id) });
    },
    onError: () => setConfirming(false),
  });
  // Once deleted the row stays disabled until the list is read again without it.
  const deleting = deletion.isPending || deletion.isSuccess;
  const remove = () => deletion.mutate({ id: comment.id });
  return (
    <div className="flex gap-2.5" data-testid="comment">
      <img
        src={comment.author.avatar}
        alt=""
        width={28}
        height={28}
        className="size-7 shrink-0 rounded-full border border-line bg-surface"
      />
      <div className="min-w-0 flex-1">
        {/* The name stays whole: on a narrow phone the time and the report flag wrap below it. */}
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
          <span className="max-w-full truncate font-medium text-ink-700" title={comment.author.nickname}>
            {comment.author.nickname}
          </span>
          <LocalTime at={comment.created_at} style="shortDateTime" className="text-ink-500 tabular-nums" />
          <ContentReportButton targetType="comment" targetId={comment.id} authorId={comment.author.id} />
        </p>
        {comment.removed ? (
          // Taken down by staff: its writer still reads it, marked; everyone else a tombstone.
          <p className="mt-0.5 text-sm text-ink-500" data-testid="comment-removed">
            {comment.content ? (
              <>
                <span className="whitespace-pre-wrap break-words text-ink-700">{comment.content}</span>{' '}
                <span className="text-xs text-live">({t('commentRemovedOwn')})</span>
              </>
            ) : (
              <span className="italic">{t('commentRemoved')}</span>
            )}
          </p>
        ) : (
          <p
            className="mt-0.5 whitespace-pre-wrap break-words text-sm text-ink-900"
            data-testid="comment-text"
          >
            {comment.content}
            {comment.held ? (
              // Held by a review word: its writer alone sees it until a moderator approves it.
              <span
                className="ml-1.5 rounded bg-amber-100 px-1 align-[1px] text-[11px] text-amber-800"
                title={t('commentHeldHint')}
                data-testid="comment-held"
              >
                {t('commentHeld')}
              </span>
            ) : null}
          </p>
        )}
        {comment.removed ? null : (
          <div className="-ml-1.5 mt-0.5 flex items-center gap-1">
            {comment.held ? null : (
              <LikeButton
                path={likePath}
                id={comment.id}
                initial={{ liked: comment.liked, likes: comment.likes }}
                icon={<LikeIcon small />}
                size="sm"
                testId="comment-like"
              />
            )}
            {onReply && !comment.held ? (
              <button
                type="button"
                onClick={onReply}
                className="inline-flex h-6 items-center gap-1 rounded px-1.5 text-xs text-ink-500 hover:text-brand-600"
              >
                <CornerDownRight aria-hidden className="size-3.5" />
                {t('reply')}
              </button>
            ) : null}
            {comment.can_delete && !confirming ? (
              <button
                type="button"
                onClick={() => setConfirming(true)}
                className="inline-flex h-6 items-center rounded px-1.5 text-xs text-ink-500 hover:text-live"
              >
                {t('deleteComment')}
              </button>
            ) : null}
            {confirming ? (
              <span
                role="alertdialog"
                aria-labelledby={`delete-comment-${comment.id}`}
                className="inline-flex items-center gap-1.5 text-xs"
              >
                <span id={`delete-comment-${comment.id}`} className="text-ink-700">
                  {t('deleteCommentConfirm')}
                </span>
                <button
                  type="button"
                  onClick={remove}
                  disabled={deleting}
                  className="h-6 rounded px-1.5 font-medium text-live hover:bg-live/10 disabled:opacity-50"
                >
                  {t('deleteComment')}
                </button>
                <button
                  type="button"
                  onClick={() => setConfirming(false)}
                  className="h-6 rounded px-1.5 text-ink-500 hover:text-ink-900"
                >
                  {t('cancel')}
                </button>
              </span>
            ) : null}
          </div>
        )}
      </div>
    </div>
  );
}

function Composer({
  postId,
  path,
  replyTo,
  onCancelReply,
  onSent,
}: {
  postId: number;
  path: string;
  replyTo: { id: number; name: string } | null;
  onCancelReply: () => void;
  onSent: (held: boolean) => void;
}) {
  const t = useTranslations('posts');
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  // Refusals are toasted by the shared client; code 700 opens the login dialog.
  const sender = useFormPost<{ id: number; content: string; parent_id?: number }, { held?: boolean }>(path, {
    refusal: 'toast',
    onSuccess: (sent) => {
      setText('');
      // A held comment waits for a moderator; its writer is told so.
      if (sent?.held) import('sonner').then(({ toast }) => toast.info(t('commentHeldSent')));
      onSent(Boolean(sent?.held));
      return queryClient.invalidateQueries({ queryKey: queryKeys.postCommentsOf(postId) });
    },
  });
  const sending = sender.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sender.mutate({ id: postId, content: text, parent_id: replyTo?.id });
  };
  return (
    <form onSubmit={submit} className="space-y-1.5">
      {replyTo ? (
        <p className="flex items-center gap-2 text-xs text-ink-500">
          {t('replyTo', { name: replyTo.name })}
          <button type="button" onClick={onCancelReply} className="text-brand-600 hover:underline">
            {t('cancelReply')}
          </button>
        </p>
      ) : null}
      <div className="flex items-start gap-2">
        <CountedTextarea
          value={text}
          onValueChange={setText}
          max={COMMENT_MAX}
          counter={t('counter', { count: text.length, max: COMMENT_MAX })}
          rows={2}
          placeholder={t('commentPrompt')}
          aria-label={t('commentPrompt')}
          className="resize-none"
          data-testid="comment-input"
        />
        <Button type="submit" size="sm" disabled={sending || !text.trim()} className="h-[58px]">
          {t('send')}
        </Button>
      </div>
    </form>
  );
}
