ALTER TABLE "payroll_employees" ADD COLUMN "reliefs_kobo" jsonb;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD COLUMN "residence_state_id" integer;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD CONSTRAINT "payroll_employees_residence_state_id_states_id_fk" FOREIGN KEY ("residence_state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;