// /live?id=<room>, a streamer's live room (spec §2): the anchor card, title, announcement, heat and
// the stage that follows the room's state — not started, live (player), ended (replay).
// The player comes first (issue 10, first frame). A room this process's engine is receiving a push for
// is live and exists without a database read: the page's first flush (before any query) already opens
// its HTTP-FLV stream and runs the FLV player script, and the room itself (header, stage with its
// <video>) streams right behind it, in a Suspense boundary with the room's reserved sizes. Other rooms
// wait for what the header and the stage need (a 404 for an unknown room). Either way the gift bar,
// match situation, posts, previews and recommended videos stream in behind their own boundaries, and
// the watch history is written after the response (`after`).
// On a portrait phone the same markup is one screen (components/live/phone/panels.ts): the player pinned
// at the top, 聊天 / 主播 / 排行 tabs under it, the chat's input and an action strip at the bottom, and
// gifts, backpack, recharge, nobility, fan club and fun-guess in bottom sheets; held sideways, the video
// fills the screen. From 768 px up nothing of it applies.
import { Flame, Hash, Megaphone, Users } from 'lucide-react';
import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { after } from 'next/server';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { cache, Suspense } from 'react';
import { preload } from 'react-dom';
import { GuessPanel } from '@/components/guess/guess-panel';
import { RoomChat } from '@/components/live/chat/room-chat';
import { FanClubButton } from '@/components/live/fan-club/fan-club-button';
import { FollowButton } from '@/components/live/follow-button';
import { GiftPanel } from '@/components/live/gifts/gift-panel';
import {
  ANCHOR_TAB_FLEX,
  ANCHOR_TAB_GROUP,
  CHAT_TAB,
  PHONE_DISSOLVE,
  PHONE_FRAME,
  RANK_TAB_GROUP,
} from '@/components/live/phone/panels';
import { PhoneRoomActions } from '@/components/live/phone/phone-actions';
import { PhoneRoomFrame, PhoneRoomTabs } from '@/components/live/phone/phone-room-frame';
import { PhoneSheetSlot } from '@/components/live/phone/sheet-slot';
import { ReportButton } from '@/components/live/report-button';
import { OnlineList } from '@/components/live/treasure/online-list';
import { RoomTreasure } from '@/components/live/treasure/room-treasure';
import { Skeleton } from '@/components/ui/skeleton';
import { currentUser } from '@/lib/accounts/current-user';
import { NotFoundError } from '@/lib/api/errors';
import { getDb } from '@/lib/db';
import { NONCE_HEADER } from '@/lib/http/security-headers';
import { redirect } from '@/lib/i18n/navigation';
import { LOCALES, type Locale, localizedPath } from '@/lib/i18n/routing';
import { followerCount, isFollowing } from '@/lib/live/follows';
import { recordWatch } from '@/lib/live/history';
import { listReplays, publishingFlvPath, roomInfo } from '@/lib/live/service';
import { FLV_SCRIPT } from '@/lib/media/flv-options';
import { flvPrefetchScript } from '@/lib/media/flv-scripts';
import { isKickedOut } from '@/lib/moderation/kickouts';
import { rooms } from '@/lib/realtime/events';
import { sharedState } from '@/lib/shared-state';
import { AnchorPosts } from './anchor-posts';
import { LiveStage, RoomStats } from './live-stage';
import { MatchSituation } from './match-situation';
import { RecommendedVideos } from './recommended-videos';
import { RoomPreviews } from './room-previews';
import { ShareButton } from './share-button';
import { STAGE_LANDSCAPE, STAGE_SIZE } from './stage-size';

/**
 * The root layout's viewport, and for the phone room: the page is resized for the on-screen keyboard
 * (the chat's input stays above it, the player in view) and reaches under the notch, where the safe-area
 * insets keep the picture and the controls clear.
 */
export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#12151d',
  viewportFit: 'cover',
  interactiveWidget: 'resizes-content',
};

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ id?: string; replay?: string }>;
};

const roomIdOf = (raw?: string) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null);

/** The room's info, read once per request: the metadata and the page both need it. */
const loadRoom = cache(async (id: number) => {
  try {
    return await roomInfo(getDb(), id, new Date(), await sharedState().online.count(rooms.liveRoom(id)));
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
});

async function load(raw?: string, replayId?: number | null) {
  const id = roomIdOf(raw);
  if (id === null) return null;
  const db = getDb();
  const [info, replays, older] = await Promise.all([
    loadRoom(id),
    listReplays(db, id, 1, 6),
    replayId ? listReplays(db, id, 1, 100) : [],
  ]);
  if (!info) return null;
  return { info, replays, chosen: older.find((item) => item.id === replayId) ?? null };
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const id = roomIdOf((await searchParams).id);
  const t = await getTranslations({ locale, namespace: 'live' });
  const info = id === null ? null : await loadRoom(id);
  const path = id === null ? '/live' : `/live?id=${id}`;
  return {
    title: info?.title || t('pageTitle'),
    alternates: {
      canonical: localizedPath(locale, path),
      languages: Object.fromEntries(LOCALES.map((l) => [l, localizedPath(l, path)])),
    },
  };
}

export default async function LivePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  // The page's instant, read once for the services below.
  const now = new Date();
  const id = roomIdOf(query.id);
  const replayId = roomIdOf(query.replay);
  // Pushed to right now (and no replay asked for): the room exists and plays HTTP-FLV.
  const earlyFlv = id !== null && !query.replay ? publishingFlvPath(id) : null;
  const loading = load(query.id, replayId);
  // Awaited by the room below; a redirect before it renders leaves it unread.
  loading.catch(() => {});
  const [viewer, nonce] = await Promise.all([
    currentUser(),
    (async () => (await headers()).get(NONCE_HEADER) ?? undefined)(),
  ]);
  // Anything the response status depends on is settled before the first byte: an unknown room is a
  // 404, a viewer kicked out of it is redirected.
  if (!earlyFlv && !(await loading)) notFound();
  if (viewer && id !== null && (await isKickedOut(getDb(), id, viewer.id, now))) {
    redirect({ href: `/anchor?type=0&kicked=${id}`, locale });
  }
  if (!earlyFlv) return <Room locale={locale} loading={loading} viewer={viewer} now={now} nonce={nonce} />;

  // A live room's FLV player script: fetched from the <head> (preload), run as a parser-blocking
  // script in the first flush, while the server still reads the room; its boot code meets the <video>
  // as it streams in. The inline script before it opens the stream at once, long before mpegts.js has
  // run: the player starts from the engine's cached keyframe without a round trip
  // (lib/media/flv-prefetch.js). With the page's CSP nonce.
  preload(FLV_SCRIPT, { as: 'script', fetchPriority: 'high', nonce });
  return (
    <>
      <script
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script, the URL JSON-escaped
        dangerouslySetInnerHTML={{ __html: flvPrefetchScript(earlyFlv) }}
      />
      <script src={FLV_SCRIPT} nonce={nonce} />
      <Suspense fallback={<RoomSkeleton flv={earlyFlv} />}>
        <Room locale={locale} loading={loading} viewer={viewer} now={now} nonce={nonce} flvStarted />
      </Suspense>
    </>
  );
}

/**
 * The room's header and stage as they will stand (no shift when the room streams in). A room being
 * pushed to has its live <video> here already, in the first flush: the FLV script starts it at once,
 * and when the room streams in, flv-boot.js puts this playing element in the place of the stage's own
 * (same attributes), which the player then adopts: the stream plays while the room's data is read.
 * Its native controls come with its first frame (flv-boot.js), not in the frame that shows it.
 */
function RoomSkeleton({ flv }: { flv?: string | null }) {
  return (
    <div className={`mx-auto max-w-[1280px] space-y-4 ${PHONE_FRAME}`} aria-busy>
      <Skeleton className="h-[124px] w-full rounded-xl max-md:hidden sm:h-[90px]" />
      <div
        className={`grid grid-cols-1 items-start gap-4 layout:grid-cols-[minmax(0,1fr)_300px] ${PHONE_DISSOLVE}`}
      >
        <div className="overflow-hidden rounded-xl border border-line bg-surface max-md:flex max-md:shrink-0 max-md:flex-col max-md:rounded-none max-md:border-0">
          <div className="h-11 border-b border-line max-md:order-1 max-md:h-[4.75rem]" />
          <div className={`w-full overflow-hidden bg-night ${STAGE_SIZE} ${STAGE_LANDSCAPE}`}>
            {flv ? (
              <video data-flv-src={flv} data-flv-early="" className="size-full bg-night" muted playsInline />
            ) : null}
          </div>
        </div>
        <Skeleton className="h-[520px] w-full rounded-xl max-md:h-auto max-md:flex-1 max-md:rounded-none" />
      </div>
    </div>
  );
}

type RoomProps = {
  locale: Locale;
  loading: ReturnType<typeof load>;
  viewer: Awaited<ReturnType<typeof currentUser>>;
  now: Date;
  nonce: string | undefined;
  /** The page's first flush opened the stream and ran the FLV script already. */
  flvStarted?: boolean;
};

async function Room({ locale, loading, viewer, now, nonce, flvStarted = false }: RoomProps) {
  const db = getDb();
  const [loaded, t, rooms, messages] = await Promise.all([
    loading,
    getTranslations('live'),
    getTranslations('rooms'),
    getMessages(),
  ]);
  if (!loaded) notFound();
  const { info, replays, chosen } = loaded;
  // An untitled room reads as its room cards do: the anchor's room.
  const title = info.title || rooms('untitled', { name: info.anchor.nickname });
  const [fans, followed] = await Promise.all([
    followerCount(db, info.anchor.id),
    viewer ? isFollowing(db, viewer.id, info.anchor.id) : false,
  ]);
  // The viewer's watch history (/attention), once the page is on its way; an anchor visiting their
  // own room is not watching it.
  if (viewer && viewer.id !== info.anchor.id) after(() => recordWatch(db, viewer.id, info.id, now));
  // A room the database calls live that the first flush did not start (e.g. a CDN-served room has no
  // FLV): the FLV player script is fetched from the <head> (preload) and run just before the stage as a
  // parser-blocking script, so its boot code meets the <video> as it is parsed.
  const flvLive = !flvStarted && info.status === 'live' && Boolean(info.play.flv) && !chosen;
  if (flvLive) preload(FLV_SCRIPT, { as: 'script', fetchPriority: 'high', nonce });

  return (
    <NextIntlClientProvider
      locale={locale}
      messages={{
        live: messages.live,
        moderation: messages.moderation,
        chat: messages.chat,
        redEnvelope: messages.redEnvelope,
        nobility: messages.nobility,
        horn: messages.horn,
        fanClub: messages.fanClub,
        wallet: messages.wallet,
        guess: messages.guess,
        guessDispute: messages.guessDispute,
        // The reviewer's reason of a guess voided after a dispute (the panel's VoidReason).
        im: { notices: { reasons: messages.im.notices.reasons } },
      }}
    >
      <PhoneRoomFrame className="mx-auto max-w-[1280px] space-y-4">
        {/* The stream is opened as soon as this is parsed, long before mpegts.js has run: the player
            starts from the engine's cached keyframe without a round trip (lib/media/flv-prefetch.js). */}
        {flvLive ? (
          <script
            nonce={nonce}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script, the URL JSON-escaped
            dangerouslySetInnerHTML={{ __html: flvPrefetchScript(info.play.flv!) }}
          />
        ) : null}
        {/* On a phone the counters and buttons take a line of their own under the title. */}
        <header
          className={`flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border border-line bg-surface px-4 py-3 sm:px-5 sm:py-4 ${ANCHOR_TAB_FLEX}`}
        >
          <img
            src={info.anchor.avatar}
            alt=""
            width={56}
            height={56}
            className="size-12 shrink-0 rounded-full border border-line bg-canvas sm:size-14"
          />
          <div className="min-w-0 flex-1 basis-40">
            <h1
              className="truncate text-lg font-semibold text-ink-900"
              data-testid="room-title"
              title={title}
            >
              {title}
            </h1>
            <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-500">
              <span className="font-medium text-ink-700" data-testid="anchor-name">
                {info.anchor.nickname}
              </span>
              <span className="inline-flex items-center gap-1">
                <Hash aria-hidden className="size-3.5" />
                {t('roomNumber', { id: info.id })}
              </span>
              <span>{t(`category.${info.category}`)}</span>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
            <RoomStats
              initial={info}
              heatIcon={<Flame aria-hidden className="size-4 text-brand-500" />}
              onlineIcon={<Users aria-hidden className="size-4 text-ink-500" />}
            />
            {viewer?.id === info.anchor.id ? null : (
              <FollowButton anchorId={info.anchor.id} initialFollowed={followed} initialFans={fans} />
            )}
            <FanClubButton anchorId={info.anchor.id} roomId={info.id} viewerId={viewer?.id ?? null} />
            <ShareButton roomId={info.id} />
            {viewer?.id === info.anchor.id ? null : (
              <ReportButton targetType="room" targetId={info.id} signedIn={Boolean(viewer)} />
            )}
          </div>
        </header>

        {flvLive ? <script src={FLV_SCRIPT} nonce={nonce} /> : null}
        <LiveStage
          key={`${info.id}:${chosen?.id ?? ''}`}
          initial={info}
          replays={replays}
          initialReplay={chosen}
          phoneBar={<PhoneRoomTabs />}
          asideTop={
            <>
              <RoomChat
                channel={{ kind: 'live', id: info.id }}
                viewerId={viewer?.id ?? null}
                className={`h-[520px] max-md:h-auto max-md:min-h-0 max-md:flex-1 max-md:rounded-none max-md:border-0 ${CHAT_TAB.chat}`}
              />
              {/* Only rooms bound to a match have one: nothing is reserved for the others. */}
              <div className={ANCHOR_TAB_GROUP}>
                <Suspense fallback={null}>
                  <MatchSituation roomId={info.id} locale={locale} />
                </Suspense>
              </div>
              <PhoneSheetSlot
                sheet="guess"
                title={t('phone.guess')}
                closeLabel={t('phone.close')}
                testId="guess-sheet"
              >
                <GuessPanel roomId={info.id} viewerId={viewer?.id ?? null} />
              </PhoneSheetSlot>
            </>
          }
          belowPlayer={
            // Right under the player, in the first screen (as Douyu and Huya have it). On a phone a sheet,
            // and the contribution ranking of the 排行 tab.
            <Suspense fallback={<Skeleton className="h-[220px] w-full rounded-xl phone:hidden" />}>
              <GiftPanel roomId={info.id} anchorId={info.anchor.id} />
            </Suspense>
          }
        />

        <RoomTreasure
          roomId={info.id}
          viewerId={viewer?.id ?? null}
          className={`max-md:min-h-11 max-md:overflow-x-auto max-md:rounded-none max-md:border-x-0 max-md:border-t-0 max-md:px-3 ${CHAT_TAB.strip}`}
        />
        <PhoneRoomActions viewerId={viewer?.id ?? null} own={viewer?.id === info.anchor.id} />

        <div
          className={`grid grid-cols-1 items-start gap-4 layout:grid-cols-[minmax(0,1fr)_300px] ${PHONE_DISSOLVE}`}
        >
          <div className={`flex min-w-0 flex-col gap-4 ${PHONE_DISSOLVE}`}>
            <section
              aria-labelledby="placard-title"
              className={`flex gap-3 rounded-xl border border-line bg-surface px-5 py-4 ${ANCHOR_TAB_FLEX}`}
            >
              <Megaphone aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-500" />
              <div>
                <h2 id="placard-title" className="text-sm font-semibold text-ink-900">
                  {t('placard')}
                </h2>
                <p className="mt-1 text-sm text-ink-700" data-testid="placard">
                  {info.placard || t('noPlacard')}
                </p>
              </div>
            </section>
            <div className={ANCHOR_TAB_GROUP}>
              <Suspense fallback={<Skeleton className="h-64 w-full rounded-xl" />}>
                <AnchorPosts anchorId={info.anchor.id} />
              </Suspense>
            </div>
          </div>
          <div className={`flex flex-col gap-4 ${PHONE_DISSOLVE}`}>
            <div className={RANK_TAB_GROUP}>
              <OnlineList roomId={info.id} />
            </div>
            {/* One boundary: the previews' height varies, so the videos below appear with them. */}
            <div className={ANCHOR_TAB_GROUP}>
              <Suspense fallback={<Skeleton className="h-96 w-full rounded-xl" />}>
                <RoomPreviews roomId={info.id} viewerId={viewer?.id ?? null} />
                <RecommendedVideos roomId={info.id} exclude={chosen?.id ?? null} />
              </Suspense>
            </div>
          </div>
        </div>
      </PhoneRoomFrame>
    </NextIntlClientProvider>
  );
}
