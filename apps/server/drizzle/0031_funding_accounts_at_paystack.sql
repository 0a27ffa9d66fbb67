ALTER TABLE "virtual_accounts" ALTER COLUMN "account_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ALTER COLUMN "bank_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ALTER COLUMN "account_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "customer_code" text;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "bank_slug" text;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "virtual_accounts" DROP COLUMN "bank_code";--> statement-breakpoint
-- Every account so far was numbered by the in-process sandbox, which no provider knows: each wallet
-- asks the payment provider for a real account (pending until it is assigned).
UPDATE "virtual_accounts" SET "provider" = 'paystack', "account_number" = NULL, "bank_name" = NULL, "account_name" = NULL;--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_customerCode_unique" UNIQUE("customer_code");--> statement-breakpoint
ALTER TABLE "virtual_accounts" ADD CONSTRAINT "virtual_accounts_assigned_has_account" CHECK (("virtual_accounts"."status" = 'assigned') = ("virtual_accounts"."account_number" is not null and "virtual_accounts"."bank_name" is not null and "virtual_accounts"."bank_slug" is not null and "virtual_accounts"."account_name" is not null));--> statement-breakpoint
DROP SEQUENCE "public"."virtual_account_serial";