CREATE TABLE "credit_note_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_note_sends" ADD CONSTRAINT "credit_note_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_sends" ADD CONSTRAINT "credit_note_sends_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_note_sends_user_idx" ON "credit_note_sends" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_note_sends_note_idx" ON "credit_note_sends" USING btree ("bill_id","row_number","created_at");