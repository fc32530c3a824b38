CREATE TABLE "sign_ins" (
	"user_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"streak" integer NOT NULL,
	"reward" integer NOT NULL,
	"operation_id" bigint NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_ins_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "sign_ins_positive" CHECK ("sign_ins"."streak" >= 1 and "sign_ins"."reward" >= 0)
);
--> statement-breakpoint
CREATE TABLE "task_claims" (
	"user_id" integer NOT NULL,
	"task" varchar(24) NOT NULL,
	"period" varchar(10) NOT NULL,
	"day" varchar(10) NOT NULL,
	"reward" integer NOT NULL,
	"operation_id" bigint NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "task_claims_user_id_task_period_pk" PRIMARY KEY("user_id","task","period")
);
--> statement-breakpoint
CREATE TABLE "task_marks" (
	"user_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"subject_id" integer NOT NULL,
	"period" varchar(10) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "task_marks_user_id_kind_period_subject_id_pk" PRIMARY KEY("user_id","kind","period","subject_id")
);
--> statement-breakpoint
CREATE TABLE "task_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_time" (
	"user_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"last_beat_at" timestamp with time zone NOT NULL,
	CONSTRAINT "watch_time_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "watch_time_seconds" CHECK ("watch_time"."seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_claims" ADD CONSTRAINT "task_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_marks" ADD CONSTRAINT "task_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_time" ADD CONSTRAINT "watch_time_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_claims_day_idx" ON "task_claims" USING btree ("user_id","day");--> statement-breakpoint
INSERT INTO "task_settings" ("id", "rules") VALUES (1, '{"timeZone":"Asia/Shanghai","signRewards":[5,10,15,20,25,30,50],"dailyTaskCap":100,"tasks":{"watch":{"reward":20,"target":10},"chat":{"reward":5,"target":1},"gift":{"reward":10,"target":1},"share":{"reward":5,"target":1},"read":{"reward":10,"target":3},"post":{"reward":10,"target":1},"profile":{"reward":20,"target":2},"realName":{"reward":50,"target":1},"recharge":{"reward":100,"target":1},"fanClub":{"reward":30,"target":1},"follow":{"reward":30,"target":3}}}'::jsonb) ON CONFLICT DO NOTHING;
