CREATE TABLE "receipt_verification_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ip_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "receipt_verification_attempts_ip_idx" ON "receipt_verification_attempts" USING btree ("ip_address","created_at");