CREATE TABLE "annual_return_claims" (
	"corporation_id" uuid NOT NULL,
	"state_id" integer NOT NULL,
	"year" integer NOT NULL,
	"version" integer NOT NULL,
	"claimed_by_name" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annual_return_claims_corporation_id_state_id_year_pk" PRIMARY KEY("corporation_id","state_id","year")
);
--> statement-breakpoint
ALTER TABLE "annual_return_claims" ADD CONSTRAINT "annual_return_claims_corporation_id_corporations_id_fk" FOREIGN KEY ("corporation_id") REFERENCES "public"."corporations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_return_claims" ADD CONSTRAINT "annual_return_claims_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;