ALTER TABLE "inventory_list_items" ADD COLUMN "last_counted_by" uuid;--> statement-breakpoint
ALTER TABLE "inventory_list_items" ADD COLUMN "walk_position" integer;--> statement-breakpoint
ALTER TABLE "inventory_list_items" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventory_lists" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventory_lists" ADD COLUMN "closed_by" uuid;--> statement-breakpoint
ALTER TABLE "inventory_list_items" ADD CONSTRAINT "inventory_list_items_last_counted_by_users_id_fk" FOREIGN KEY ("last_counted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_lists" ADD CONSTRAINT "inventory_lists_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;