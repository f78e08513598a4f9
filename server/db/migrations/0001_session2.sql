CREATE TABLE "inventory_count_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"item_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"user_id" uuid,
	"device_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" numeric(12, 3) NOT NULL,
	"unit" text NOT NULL,
	"pieces" numeric(16, 3) NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spent_tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_list_items" ADD COLUMN "pieces_per_carton" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_list_items" ADD COLUMN "count_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_list_items" ADD COLUMN "last_counted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventory_list_items" ADD COLUMN "conflict" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_list_items" ADD COLUMN "conflict_resolved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventory_lists" ADD COLUMN "previous_list_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_by" uuid;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "unsubscribe_token" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventory_count_events" ADD CONSTRAINT "inventory_count_events_item_id_inventory_list_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_list_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_count_events" ADD CONSTRAINT "inventory_count_events_list_id_inventory_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."inventory_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_count_events" ADD CONSTRAINT "inventory_count_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_count_events_item_idx" ON "inventory_count_events" USING btree ("item_id","counted_at");--> statement-breakpoint
CREATE INDEX "inventory_count_events_list_idx" ON "inventory_count_events" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "spent_tokens_expires_idx" ON "spent_tokens" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "inventory_lists" ADD CONSTRAINT "inventory_lists_previous_list_id_inventory_lists_id_fk" FOREIGN KEY ("previous_list_id") REFERENCES "public"."inventory_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_company_history_idx" ON "orders" USING btree ("company_id","order_date" DESC NULLS FIRST,"order_number" DESC NULLS FIRST);