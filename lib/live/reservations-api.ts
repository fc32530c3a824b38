// Reserved lives, bookings and rankings of spec §7 (Live).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireAnchor, requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import {
  createReservation,
  deleteReservation,
  listReservations,
  RANK_WINDOWS,
  RESERVE_TITLE_MAX,
  type ReservationItem,
  roomRanking,
  setLiveBooking,
  setMatchBooking,
  userBookings,
} from './reservations';

const id = z.coerce.number().int().positive();
const bookType = z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)]));

const reservationSchema = z.object({
  id: z.number(),
  title: z.string(),
  starts_at: z.string(),
  match_id: z.number().nullable(),
  room_id: z.number(),
  anchor_id: z.number(),
  user_nickname: z.string(),
  avatar: z.string(),
  sport: z.string(),
  bookings: z.number(),
  booked: z.boolean(),
});

const presentReservation = (row: ReservationItem) => ({
  id: row.id,
  title: row.title,
  starts_at: row.startsAt.toISOString(),
  match_id: row.matchId,
  room_id: row.roomId,
  anchor_id: row.anchorId,
  user_nickname: row.nickname,
  avatar: row.avatar,
  sport: row.sport,
  bookings: row.bookings,
  booked: row.booked,
});

export function registerReservationRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Live/setReserveLiveNew',
      effect: 'write',
      methods: ['post'],
      tag: 'Live',
      summary: 'Announce a live ahead: a title, a start within 30 days, optionally a match not started yet',
      middleware: [requireAnchor],
      input: z.object({
        title: z.string().trim().min(1).max(RESERVE_TITLE_MAX),
        starts_at: z.coerce.date(),
        match_id: id.optional().nullable(),
      }),
      output: z.object({ id: z.number(), room_id: z.number(), starts_at: z.string() }),
    },
    async (c, input) => {
      const row = await createReservation(
        c.var.db,
        c.var.user!.id,
        {
          title: input.title,
          startsAt: input.starts_at,
          matchId: input.match_id ?? null,
        },
        c.var.now,
      );
      return { id: row.id, room_id: row.roomId, starts_at: row.startsAt.toISOString() };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/live/deleteReserveLive',
      effect: 'write',
      methods: ['get'],
      tag: 'Live',
      summary: 'Withdraw one of your reserved lives',
      middleware: [requireAnchor],
      input: z.object({ id }),
      output: z.object({ id: z.number() }),
    },
    (c, input) => deleteReservation(c.var.db, c.var.user!.id, input.id, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/Live_streaming/getReserveLiveList',
      effect: 'read',
      methods: ['get'],
      tag: 'Live',
      summary: 'Upcoming reserved lives, soonest first; optionally of one room or one day (UTC+8)',
      input: z.object({
        room_id: id.optional(),
        day: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .optional(),
        type: z.coerce.number().int().min(0).max(2).optional(),
      }),
      output: z.array(reservationSchema),
    },
    async (c, input) =>
      (
        await listReservations(c.var.db, {
          roomId: input.room_id,
          day: input.day,
          sport: input.type === 1 ? 'football' : input.type === 2 ? 'basketball' : 'all',
          viewerId: c.var.user?.id ?? null,
          now: c.var.now,
        })
      ).map(presentReservation),
  );

  defineRoute(
    app,
    {
      path: '/api/Live_streaming/getUserReserveLiveList',
      effect: 'read',
      methods: ['get'],
      tag: 'Live',
      summary: 'What the signed-in user booked: upcoming reserved lives and matches',
      middleware: [requireUser],
      output: z.object({
        lives: z.array(reservationSchema),
        matches: z.array(
          z.object({
            match_id: z.number(),
            kickoff_at: z.string(),
            status: z.string(),
            competition_name: z.string(),
            home_team_name: z.string(),
            away_team_name: z.string(),
          }),
        ),
      }),
    },
    async (c) => {
      const booked = await userBookings(c.var.db, c.var.user!.id, c.var.locale, c.var.now);
      return {
        lives: booked.lives.map(presentReservation),
        matches: booked.matches.map((match) => ({
          match_id: match.id,
          kickoff_at: match.kickoffAt.toISOString(),
          status: match.status,
          competition_name: match.competitionName,
          home_team_name: match.homeTeam.name,
          away_team_name: match.awayTeam.name,
        })),
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/live/reserveMatch',
      effect: 'write',
      methods: ['post'],
      tag: 'Live',
      summary: 'Book (type 1) or unbook (type 0) a reserved live',
      middleware: [requireUser],
      input: z.object({ id, type: bookType }),
      output: z.object({ id: z.number(), booked: z.boolean(), bookings: z.number() }),
    },
    (c, input) => setLiveBooking(c.var.db, c.var.user!.id, input.id, input.type === 1),
  );

  defineRoute(
    app,
    {
      path: '/api/live/reserveMatch2',
      effect: 'write',
      methods: ['post'],
      tag: 'Live',
      summary: 'Book (type 1) or unbook (type 0) a match not started yet',
      middleware: [requireUser],
      input: z.object({ match_id: id, type: bookType }),
      output: z.object({ match_id: z.number(), booked: z.boolean() }),
    },
    (c, input) => setMatchBooking(c.var.db, c.var.user!.id, input.match_id, input.type === 1),
  );

  const ranked = z.object({
    rank: z.number(),
    anchor_id: z.number(),
    user_nickname: z.string(),
    avatar: z.string(),
    room_id: z.number().nullable(),
  });
  defineRoute(
    app,
    {
      path: '/api/Live_streaming/roomRanking',
      effect: 'read',
      methods: ['get'],
      tag: 'Live',
      summary:
        'Streamers by peak viewer-hours of their broadcasts started in the window, and anchors by follows gained in it',
      input: z.object({ type: z.enum(RANK_WINDOWS).default('day') }),
      output: z.object({
        type: z.enum(RANK_WINDOWS),
        since: z.string().nullable(),
        streamers: z.array(
          ranked.extend({ title: z.string(), heat: z.number(), minutes: z.number(), broadcasts: z.number() }),
        ),
        fans: z.array(ranked.extend({ gained: z.number() })),
      }),
    },
    async (c, input) => {
      const ranking = await roomRanking(c.var.db, input.type, c.var.now);
      const base = (row: {
        rank: number;
        anchorId: number;
        nickname: string;
        avatar: string;
        roomId: number | null;
      }) => ({
        rank: row.rank,
        anchor_id: row.anchorId,
        user_nickname: row.nickname,
        avatar: row.avatar,
        room_id: row.roomId,
      });
      return {
        type: ranking.window,
        since: ranking.since?.toISOString() ?? null,
        streamers: ranking.streamers.map((row) => ({
          ...base(row),
          title: row.title,
          heat: row.heat,
          minutes: row.minutes,
          broadcasts: row.broadcasts,
        })),
        fans: ranking.fans.map((row) => ({ ...base(row), gained: row.gained })),
      };
    },
  );
}
