CREATE TABLE "annual_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"corporation_id" uuid NOT NULL,
	"state_id" integer NOT NULL,
	"year" integer NOT NULL,
	"version" integer NOT NULL,
	"agency_reference" text NOT NULL,
	"reason" text,
	"content" json NOT NULL,
	"filed_by" uuid,
	"filed_by_name" text NOT NULL,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "annual_returns" ADD CONSTRAINT "annual_returns_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_returns" ADD CONSTRAINT "annual_returns_corporation_id_corporations_id_fk" FOREIGN KEY ("corporation_id") REFERENCES "public"."corporations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_returns" ADD CONSTRAINT "annual_returns_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_returns" ADD CONSTRAINT "annual_returns_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "annual_returns_version_unique" ON "annual_returns" USING btree ("corporation_id","state_id","year","version");--> statement-breakpoint
CREATE INDEX "annual_returns_organisation_idx" ON "annual_returns" USING btree ("organisation_id");