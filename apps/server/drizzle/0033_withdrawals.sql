CREATE TABLE "withdrawal_journals" (
	"withdrawal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"journal_id" uuid NOT NULL,
	CONSTRAINT "withdrawal_journals_withdrawal_id_kind_pk" PRIMARY KEY("withdrawal_id","kind"),
	CONSTRAINT "withdrawal_journals_journalId_unique" UNIQUE("journal_id"),
	CONSTRAINT "withdrawal_journals_kind_known" CHECK ("withdrawal_journals"."kind" in ('hold', 'return'))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"wallet_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"recipient_code" text,
	"transfer_code" text,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_reference_unique" UNIQUE("reference"),
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_kobo" > 0),
	CONSTRAINT "withdrawals_account_number_nuban" CHECK ("withdrawals"."account_number" ~ '^[0-9]{10}$'),
	CONSTRAINT "withdrawals_status_known" CHECK ("withdrawals"."status" in ('awaiting_approval', 'rejected', 'processing', 'paid', 'failed', 'reversed')),
	CONSTRAINT "withdrawals_paid_has_date" CHECK ("withdrawals"."status" <> 'paid' or "withdrawals"."paid_at" is not null),
	CONSTRAINT "withdrawals_returned_has_date" CHECK (("withdrawals"."status" in ('failed', 'reversed')) = ("withdrawals"."returned_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "withdrawal_journals" ADD CONSTRAINT "withdrawal_journals_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_journals" ADD CONSTRAINT "withdrawal_journals_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_wallet_id_ledger_accounts_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_organisation_idx" ON "withdrawals" USING btree ("organisation_id","created_at");