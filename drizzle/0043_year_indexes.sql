CREATE TABLE "gift_giver_totals" (
	"room_id" integer NOT NULL,
	"period" varchar(5) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"sender_id" integer NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "gift_giver_totals_room_id_period_starts_at_sender_id_pk" PRIMARY KEY("room_id","period","starts_at","sender_id")
);
--> statement-breakpoint
CREATE INDEX "gift_giver_totals_rank_idx" ON "gift_giver_totals" USING btree ("room_id","period","starts_at","value" DESC NULLS LAST,"sender_id");--> statement-breakpoint
CREATE INDEX "chat_messages_user_idx" ON "chat_messages" USING btree ("user_id","created_at");--> statement-breakpoint
-- Hand-written (issue #45): the rollup backfilled from the sends so far, with the windows of
-- lib/gifts/giver-totals.ts (UTC+8 days, weeks from Monday, months; `total` from the epoch), for each
-- send's room and for every room (room 0). Rankings read only the window `now` is in, so day, week and
-- month rows are made for the sends of the current week and month only (older windows are never read;
-- sends from now on raise their own rows); totals from every send.
INSERT INTO "gift_giver_totals" ("room_id", "period", "starts_at", "sender_id", "value")
SELECT r.room_id, 'total', 'epoch'::timestamptz, s.sender_id, sum(s.value)
FROM "gift_sends" s
CROSS JOIN LATERAL (VALUES (s.room_id), (0)) AS r(room_id)
GROUP BY 1, 4;
--> statement-breakpoint
INSERT INTO "gift_giver_totals" ("room_id", "period", "starts_at", "sender_id", "value")
SELECT r.room_id, w.period, w.starts_at, s.sender_id, sum(s.value)
FROM "gift_sends" s
CROSS JOIN LATERAL (VALUES
  ('day', (date_trunc('day', (s.created_at AT TIME ZONE 'UTC') + interval '8 hours') - interval '8 hours') AT TIME ZONE 'UTC'),
  ('week', (date_trunc('week', (s.created_at AT TIME ZONE 'UTC') + interval '8 hours') - interval '8 hours') AT TIME ZONE 'UTC'),
  ('month', (date_trunc('month', (s.created_at AT TIME ZONE 'UTC') + interval '8 hours') - interval '8 hours') AT TIME ZONE 'UTC')
) AS w(period, starts_at)
CROSS JOIN LATERAL (VALUES (s.room_id), (0)) AS r(room_id)
WHERE s.created_at >= least(
  (date_trunc('week', (now() AT TIME ZONE 'UTC') + interval '8 hours') - interval '8 hours') AT TIME ZONE 'UTC',
  (date_trunc('month', (now() AT TIME ZONE 'UTC') + interval '8 hours') - interval '8 hours') AT TIME ZONE 'UTC')
GROUP BY 1, 2, 3, 4;
