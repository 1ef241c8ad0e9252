-- Every company shard: the schema as migrations 0000-0028 of the single database left it (sqlite_master of a fully
-- migrated database, filtered to this side's tables: docs/sharding.md "Migrations").
CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`subdomain` text NOT NULL,
	`email` text NOT NULL,
	`legal_name` text,
	`tax_id` text,
	`phone` text,
	`subscription_plan` text DEFAULT 'basic' NOT NULL,
	`subscription_status` text DEFAULT 'active' NOT NULL,
	`max_locations` integer DEFAULT 3 NOT NULL,
	`max_employees` integer DEFAULT 10 NOT NULL,
	`price_per_location` integer DEFAULT 5000 NOT NULL,
	`monthly_cost` integer DEFAULT 0 NOT NULL,
	`next_billing_date` text,
	`suspended_reason` text,
	`suspended_at` text,
	`deleted_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL, `return_policy` text, `return_window_days` integer DEFAULT 30 NOT NULL, `require_open_till` integer DEFAULT false NOT NULL, `till_alert_threshold` integer DEFAULT 2000000 NOT NULL, `barcode_sequence` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "companies_limits_ck" CHECK("companies"."max_locations" >= 0 AND "companies"."max_employees" >= 0),
	CONSTRAINT "companies_money_ck" CHECK("companies"."price_per_location" >= 0 AND "companies"."monthly_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE `discount_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`location_id` integer,
	`amount` integer NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`admin_id` integer,
	`admin_notes` text,
	`reviewed_at` text,
	`used_in_sale_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "discount_amount_ck" CHECK("discount_requests"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE `expenses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`location_id` integer,
	`concept` text NOT NULL,
	`amount` integer NOT NULL,
	`notes` text,
	`receipt_image_key` text,
	`idempotency_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "expenses_amount_ck" CHECK("expenses"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE `inventory` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`size` text NOT NULL,
	`pairs` integer DEFAULT 0 NOT NULL,
	`left_feet` integer DEFAULT 0 NOT NULL,
	`right_feet` integer DEFAULT 0 NOT NULL,
	`exhibition` integer DEFAULT 0 NOT NULL,
	`reserved_pairs` integer DEFAULT 0 NOT NULL,
	`reserved_left` integer DEFAULT 0 NOT NULL,
	`reserved_right` integer DEFAULT 0 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL, `damaged` integer DEFAULT 0 NOT NULL CONSTRAINT "inventory_damaged_ck" CHECK("damaged" >= 0),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "inventory_non_negative_ck" CHECK("inventory"."pairs" >= 0 AND "inventory"."left_feet" >= 0 AND "inventory"."right_feet" >= 0 AND "inventory"."exhibition" >= 0),
	CONSTRAINT "inventory_reserved_ck" CHECK("inventory"."reserved_pairs" >= 0 AND "inventory"."reserved_left" >= 0 AND "inventory"."reserved_right" >= 0 AND "inventory"."reserved_pairs" <= "inventory"."pairs" AND "inventory"."reserved_left" <= "inventory"."left_feet" AND "inventory"."reserved_right" <= "inventory"."right_feet")
);
--> statement-breakpoint
CREATE TABLE `inventory_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`alert_type` text DEFAULT 'inventario_minimo' NOT NULL,
	`threshold_value` integer NOT NULL,
	`product_reference` text,
	`notification_emails` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "inventory_alerts_threshold_ck" CHECK("inventory_alerts"."threshold_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE `locations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`type` text DEFAULT 'local' NOT NULL,
	`address` text,
	`phone` text,
	`manager_name` text,
	`capacity` integer,
	`notes` text,
	`is_active` integer DEFAULT true NOT NULL,
	`latitude` real,
	`longitude` real,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL, `opening_hours` text, `whatsapp` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "locations_capacity_ck" CHECK("locations"."capacity" IS NULL OR "locations"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`email` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`window_start` text NOT NULL,
	`locked_until` text
, `inflight` integer DEFAULT 0 NOT NULL, `last_grant` text);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer,
	`location_id` integer,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`transfer_id` integer,
	`is_read` integer DEFAULT false NOT NULL,
	`read_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `operating_costs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`nature` text DEFAULT 'fijo' NOT NULL,
	`cost_type` text NOT NULL,
	`category` text NOT NULL,
	`description` text NOT NULL,
	`amount` integer NOT NULL,
	`frequency` text DEFAULT 'monthly' NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`last_paid_date` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "operating_costs_amount_ck" CHECK("operating_costs"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE `plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`plan_code` text NOT NULL,
	`display_name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`max_locations` integer NOT NULL,
	`max_employees` integer NOT NULL,
	`price_per_location` integer NOT NULL,
	`features` text DEFAULT '{}' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `product_embeddings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`model_id` text NOT NULL,
	`source` text NOT NULL,
	`dims` integer NOT NULL,
	`vector` blob NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL, `colour` blob,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`reference_code` text NOT NULL,
	`brand` text NOT NULL,
	`model` text NOT NULL,
	`color` text,
	`description` text,
	`category` text,
	`unit_price` integer NOT NULL,
	`box_price` integer,
	`image_key` text,
	`video_key` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL, `cost_price` integer CHECK (`cost_price` IS NULL OR `cost_price` >= 0), `gender` text, `is_published` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "products_price_ck" CHECK("products"."unit_price" >= 0 AND ("products"."box_price" IS NULL OR "products"."box_price" >= 0))
);
--> statement-breakpoint
CREATE TABLE `sale_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`sale_id` integer NOT NULL,
	`product_id` integer,
	`sneaker_reference_code` text NOT NULL,
	`brand` text NOT NULL,
	`model` text NOT NULL,
	`color` text,
	`size` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`subtotal` integer NOT NULL, `catalogue_price` integer, `unit_cost` integer, `price_override_id` integer, `returned_quantity` integer DEFAULT 0 NOT NULL CONSTRAINT "sale_items_returned_ck" CHECK("returned_quantity" >= 0 AND "returned_quantity" <= "quantity"),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sale_items_qty_ck" CHECK("sale_items"."quantity" >= 1 AND "sale_items"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE `sale_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`sale_id` integer NOT NULL,
	`payment_type` text NOT NULL,
	`amount` integer NOT NULL,
	`reference` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL, `cash_received` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sale_payments_amount_ck" CHECK("sale_payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE `sales` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`subtotal_amount` integer NOT NULL,
	`discount_amount` integer DEFAULT 0 NOT NULL,
	`discount_request_id` integer,
	`total_amount` integer NOT NULL,
	`receipt_image_key` text,
	`sale_date` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`status` text DEFAULT 'completed' NOT NULL,
	`notes` text,
	`requires_confirmation` integer DEFAULT false NOT NULL,
	`confirmed` integer DEFAULT false NOT NULL,
	`confirmed_at` text,
	`confirmed_by` integer,
	`confirmation_notes` text,
	`transfer_id` integer,
	`idempotency_key` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL, `receipt_token` text, `customer_id` integer REFERENCES customers(id),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sales_amounts_ck" CHECK("sales"."total_amount" >= 0 AND "sales"."discount_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE `stock_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`size` text NOT NULL,
	`delta_pairs` integer DEFAULT 0 NOT NULL,
	`delta_left` integer DEFAULT 0 NOT NULL,
	`delta_right` integer DEFAULT 0 NOT NULL,
	`delta_exhibition` integer DEFAULT 0 NOT NULL,
	`reason` text NOT NULL,
	`sale_id` integer,
	`transfer_id` integer,
	`entry_ref` text,
	`user_id` integer,
	`notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL, `delta_damaged` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `transfer_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`requester_id` integer NOT NULL,
	`source_location_id` integer NOT NULL,
	`destination_location_id` integer NOT NULL,
	`product_id` integer,
	`sneaker_reference_code` text NOT NULL,
	`brand` text NOT NULL,
	`model` text NOT NULL,
	`color` text,
	`size` text NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`transfer_type` text DEFAULT 'pair' NOT NULL,
	`foot_side` text,
	`inventory_type` text DEFAULT 'pair' NOT NULL,
	`purpose` text DEFAULT 'cliente' NOT NULL,
	`request_type` text DEFAULT 'transfer' NOT NULL,
	`pickup_type` text DEFAULT 'corredor' NOT NULL,
	`destination_type` text DEFAULT 'exhibicion' NOT NULL,
	`priority` text DEFAULT 'normal' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`notes` text,
	`original_transfer_id` integer,
	`return_reason` text,
	`product_condition` text,
	`warehouse_keeper_id` integer,
	`courier_id` integer,
	`requested_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`accepted_at` text,
	`estimated_preparation_time` integer,
	`warehouse_notes` text,
	`reserved_until` text,
	`courier_accepted_at` text,
	`estimated_pickup_time` integer,
	`courier_notes` text,
	`picked_up_at` text,
	`pickup_notes` text,
	`delivered_at` text,
	`delivery_notes` text,
	`delivery_successful` integer,
	`completed_at` text,
	`received_quantity` integer,
	`condition_ok` integer,
	`reception_notes` text,
	`cancelled_at` text,
	`cancelled_by` integer,
	`cancellation_reason` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL, `declined_at` text, `reservation_expired_at` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requester_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`source_location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`destination_location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "transfer_quantity_ck" CHECK("transfer_requests"."quantity" >= 1),
	CONSTRAINT "transfer_single_foot_ck" CHECK(("transfer_requests"."transfer_type" = 'single_foot') = ("transfer_requests"."foot_side" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`role` text NOT NULL,
	`location_id` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`last_login_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL, `pin_hash` text, `session_epoch` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "users_tenant_ck" CHECK(("users"."role" = 'superuser' AND "users"."company_id" IS NULL) OR ("users"."role" <> 'superuser' AND "users"."company_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE `wholesale_products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`modelo` text NOT NULL,
	`cantidad_cajas_disponibles` integer NOT NULL,
	`pares_por_caja` integer NOT NULL,
	`precio` integer NOT NULL,
	`foto_key` text,
	`tallas` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "wholesale_products_ck" CHECK("wholesale_products"."cantidad_cajas_disponibles" >= 0 AND "wholesale_products"."pares_por_caja" > 0 AND "wholesale_products"."precio" > 0)
);
--> statement-breakpoint
CREATE TABLE `wholesale_sales` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`mayoreo_id` integer NOT NULL,
	`cantidad_cajas_vendidas` integer NOT NULL,
	`precio_unitario_venta` integer NOT NULL,
	`total_venta` integer NOT NULL,
	`fecha_venta` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`notas` text,
	`seller_id` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`mayoreo_id`) REFERENCES `wholesale_products`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "wholesale_sales_ck" CHECK("wholesale_sales"."cantidad_cajas_vendidas" >= 1 AND "wholesale_sales"."precio_unitario_venta" > 0)
);
--> statement-breakpoint
CREATE TABLE `sales_daily` (
	`company_id` integer NOT NULL,
	`day` text NOT NULL,
	`location_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`sales_count` integer DEFAULT 0 NOT NULL,
	`total_amount` integer DEFAULT 0 NOT NULL
, `returns_count` integer DEFAULT 0 NOT NULL, `returned_amount` integer DEFAULT 0 NOT NULL);
--> statement-breakpoint
CREATE TABLE `sales_daily_payments` (
	`company_id` integer NOT NULL,
	`day` text NOT NULL,
	`location_id` integer NOT NULL,
	`payment_type` text NOT NULL,
	`payments_count` integer DEFAULT 0 NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sales_daily_products` (
	`company_id` integer NOT NULL,
	`day` text NOT NULL,
	`location_id` integer NOT NULL,
	`reference_code` text NOT NULL,
	`brand` text NOT NULL,
	`model` text NOT NULL,
	`units` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `newsletter_subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`email` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `batch_guards` (
	`guard` text NOT NULL,
	CONSTRAINT "batch_guard_held" CHECK("batch_guards"."guard" IS NULL)
);
--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`owner` text NOT NULL,
	`state` text NOT NULL,
	`status` integer,
	`body` text,
	`created_at` text NOT NULL,
	`locked_until` text NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `stock_discrepancies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`transfer_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`size` text NOT NULL,
	`unit` text NOT NULL,
	`kind` text NOT NULL,
	`quantity` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`reported_by` integer NOT NULL,
	`reported_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`notes` text,
	`resolved_by` integer,
	`resolved_at` text,
	`resolution_reason` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transfer_id`) REFERENCES `transfer_requests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "stock_discrepancies_quantity_ck" CHECK("stock_discrepancies"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE `price_overrides` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`requested_by` integer NOT NULL,
	`approved_by` integer NOT NULL,
	`catalogue_price` integer NOT NULL,
	`new_price` integer NOT NULL,
	`reason` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_in_sale_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "price_overrides_price_ck" CHECK("price_overrides"."new_price" > 0)
);
--> statement-breakpoint
CREATE TABLE `product_price_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`field` text NOT NULL,
	`old_value` integer,
	`new_value` integer,
	`user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `product_variants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`size` text NOT NULL,
	`barcode` text,
	`sku` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `stock_adjustments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ref` text NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`size` text NOT NULL,
	`unit_kind` text NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`notes` text,
	`unit_cost` integer,
	`user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "stock_adjustments_delta_ck" CHECK("stock_adjustments"."delta" <> 0)
);
--> statement-breakpoint
CREATE TABLE `stock_count_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`count_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`size` text NOT NULL,
	`counted_pairs` integer DEFAULT 0 NOT NULL,
	`counted_left` integer DEFAULT 0 NOT NULL,
	`counted_right` integer DEFAULT 0 NOT NULL,
	`counted_exhibition` integer DEFAULT 0 NOT NULL,
	`expected_pairs` integer DEFAULT 0 NOT NULL,
	`expected_left` integer DEFAULT 0 NOT NULL,
	`expected_right` integer DEFAULT 0 NOT NULL,
	`expected_exhibition` integer DEFAULT 0 NOT NULL,
	`counted_by` integer,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`count_id`) REFERENCES `stock_counts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`counted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "stock_count_lines_counted_ck" CHECK("stock_count_lines"."counted_pairs" >= 0 AND "stock_count_lines"."counted_left" >= 0 AND "stock_count_lines"."counted_right" >= 0 AND "stock_count_lines"."counted_exhibition" >= 0)
);
--> statement-breakpoint
CREATE TABLE `stock_counts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`blind` integer DEFAULT false NOT NULL,
	`filter_brand` text,
	`notes` text,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`posted_by` integer,
	`posted_at` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`posted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `customers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`document_type` text NOT NULL,
	`document_number` text NOT NULL,
	`nit_check_digit` integer,
	`phone` text,
	`email` text,
	`data_consent` integer NOT NULL,
	`consent_at` text,
	`created_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "customers_consent_ck" CHECK("customers"."data_consent" = 1),
	CONSTRAINT "customers_nit_dv_ck" CHECK(("customers"."document_type" = 'NIT') = ("customers"."nit_check_digit" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE `cash_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`session_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`reason` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL, `authorized_by` integer REFERENCES users(id),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`session_id`) REFERENCES `cash_sessions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "cash_movements_amount_ck" CHECK("cash_movements"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE `cash_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`opened_by` integer NOT NULL,
	`opened_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`opening_float` integer NOT NULL,
	`closed_by` integer,
	`closed_at` text,
	`expected_cash` integer,
	`expected_card` integer,
	`expected_transfer` integer,
	`counted_cash` integer,
	`counted_card` integer,
	`counted_transfer` integer,
	`close_note` text, `closing_figures` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`opened_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`closed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "cash_sessions_money_ck" CHECK("cash_sessions"."opening_float" >= 0 AND COALESCE("cash_sessions"."counted_cash", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE `sale_return_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`return_id` integer NOT NULL,
	`sale_item_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`amount` integer NOT NULL,
	`destination` text NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`return_id`) REFERENCES `sale_returns`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_item_id`) REFERENCES `sale_items`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sale_return_items_qty_ck" CHECK("sale_return_items"."quantity" >= 1 AND "sale_return_items"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE `sale_returns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`sale_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`reason` text NOT NULL,
	`notes` text,
	`refund_amount` integer DEFAULT 0 NOT NULL,
	`refund_method` text,
	`credit_amount` integer DEFAULT 0 NOT NULL,
	`exchange_sale_id` integer,
	`approved_by` integer,
	`idempotency_key` text NOT NULL,
	`receipt_token` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`exchange_sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sale_returns_money_ck" CHECK("sale_returns"."refund_amount" >= 0 AND "sale_returns"."credit_amount" >= 0 AND ("sale_returns"."refund_amount" = 0 OR "sale_returns"."refund_method" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE `cost_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`cost_id` integer NOT NULL,
	`due_date` text,
	`next_due_date` text NOT NULL,
	`previous_last_paid_date` text,
	`amount` integer NOT NULL,
	`paid_on` text NOT NULL,
	`method` text NOT NULL,
	`note` text,
	`paid_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`undone_at` text,
	`undone_by` integer,
	`undo_reason` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`cost_id`) REFERENCES `operating_costs`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "cost_payments_amount_ck" CHECK("cost_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE `delivery_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`transfer_id` integer NOT NULL,
	`courier_id` integer,
	`outcome` text NOT NULL,
	`reason` text,
	`notes` text,
	`attempted_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transfer_id`) REFERENCES `transfer_requests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`courier_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "delivery_attempts_outcome_ck" CHECK("delivery_attempts"."outcome" IN ('failed', 'delivered')),
	CONSTRAINT "delivery_attempts_reason_ck" CHECK(("delivery_attempts"."outcome" = 'failed') = ("delivery_attempts"."reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`location_id` integer,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`message` text NOT NULL,
	`idempotency_key` text,
	`fingerprint` text,
	`sender_hash` text,
	`read_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "contact_messages_message_ck" CHECK(length("contact_messages"."message") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE `web_reservation_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`reservation_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`size` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reservation_id`) REFERENCES `web_reservations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "web_reservation_items_quantity_ck" CHECK("web_reservation_items"."quantity" > 0 AND "web_reservation_items"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE `web_reservations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`code` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`customer_name` text NOT NULL,
	`customer_phone` text NOT NULL,
	`customer_email` text,
	`total_amount` integer NOT NULL,
	`held_until` text NOT NULL,
	`idempotency_key` text,
	`fingerprint` text,
	`sender_hash` text,
	`confirmed_at` text,
	`confirmed_by` integer,
	`completed_at` text,
	`completed_by` integer,
	`cancelled_at` text,
	`cancelled_by` integer,
	`cancellation_reason` text,
	`expired_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`confirmed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`completed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`cancelled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "web_reservations_total_ck" CHECK("web_reservations"."total_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE `sales_daily_goods` (
	`company_id` integer NOT NULL,
	`day` text NOT NULL,
	`location_id` integer NOT NULL,
	`cogs` integer DEFAULT 0 NOT NULL,
	`costed_revenue` real DEFAULT 0 NOT NULL,
	`uncosted_revenue` real DEFAULT 0 NOT NULL,
	`uncosted_units` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `companies_subdomain_unique` ON `companies` (`subdomain`);
--> statement-breakpoint
CREATE INDEX `discount_requests_company_status_idx` ON `discount_requests` (`company_id`,`status`);
--> statement-breakpoint
CREATE INDEX `expenses_company_date_idx` ON `expenses` (`company_id`,`created_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `expenses_idempotency_uq` ON `expenses` (`company_id`,`idempotency_key`);
--> statement-breakpoint
CREATE UNIQUE INDEX `inventory_cell_uq` ON `inventory` (`product_id`,`location_id`,`size`);
--> statement-breakpoint
CREATE INDEX `inventory_alerts_company_idx` ON `inventory_alerts` (`company_id`);
--> statement-breakpoint
CREATE INDEX `locations_company_idx` ON `locations` (`company_id`,`is_active`);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`company_id`,`user_id`,`is_read`);
--> statement-breakpoint
CREATE INDEX `operating_costs_company_idx` ON `operating_costs` (`company_id`,`location_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `plans_plan_code_unique` ON `plans` (`plan_code`);
--> statement-breakpoint
CREATE INDEX `product_embeddings_company_model_idx` ON `product_embeddings` (`company_id`,`model_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_company_ref_uq` ON `products` (`company_id`,`reference_code`);
--> statement-breakpoint
CREATE INDEX `sale_items_sale_idx` ON `sale_items` (`sale_id`);
--> statement-breakpoint
CREATE INDEX `sale_payments_sale_idx` ON `sale_payments` (`sale_id`);
--> statement-breakpoint
CREATE INDEX `sales_company_date_idx` ON `sales` (`company_id`,`sale_date`);
--> statement-breakpoint
CREATE INDEX `sales_seller_date_idx` ON `sales` (`seller_id`,`sale_date`);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_idempotency_uq` ON `sales` (`company_id`,`idempotency_key`);
--> statement-breakpoint
CREATE INDEX `stock_movements_cell_idx` ON `stock_movements` (`product_id`,`location_id`,`size`);
--> statement-breakpoint
CREATE INDEX `stock_movements_company_idx` ON `stock_movements` (`company_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `transfer_requests_company_status_idx` ON `transfer_requests` (`company_id`,`status`);
--> statement-breakpoint
CREATE INDEX `transfer_requests_requester_idx` ON `transfer_requests` (`requester_id`,`status`);
--> statement-breakpoint
CREATE INDEX `transfer_requests_courier_idx` ON `transfer_requests` (`courier_id`,`status`);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);
--> statement-breakpoint
CREATE INDEX `users_company_idx` ON `users` (`company_id`,`role`);
--> statement-breakpoint
CREATE INDEX `wholesale_products_company_idx` ON `wholesale_products` (`company_id`);
--> statement-breakpoint
CREATE INDEX `wholesale_sales_company_idx` ON `wholesale_sales` (`company_id`,`fecha_venta`);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_discount_request_uq` ON `sales` (`discount_request_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_movements_sale_rejected_uq` ON `stock_movements` (`sale_id`,`product_id`,`size`) WHERE reason = 'sale_rejected';
--> statement-breakpoint
CREATE INDEX `sale_items_report_idx` ON `sale_items` (`sale_id`,`sneaker_reference_code`,`quantity`,`subtotal`);
--> statement-breakpoint
CREATE INDEX `sale_payments_report_idx` ON `sale_payments` (`sale_id`,`payment_type`,`amount`);
--> statement-breakpoint
CREATE INDEX `sales_report_idx` ON `sales` (`company_id`,`status`,`sale_date`,`total_amount`,`location_id`,`seller_id`);
--> statement-breakpoint
CREATE INDEX `sales_location_report_idx` ON `sales` (`location_id`,`status`,`sale_date`,`total_amount`);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_daily_uq` ON `sales_daily` (`company_id`,`day`,`location_id`,`seller_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_daily_payments_uq` ON `sales_daily_payments` (`company_id`,`day`,`location_id`,`payment_type`);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_daily_products_uq` ON `sales_daily_products` (`company_id`,`day`,`location_id`,`reference_code`);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_email_uq` ON `newsletter_subscribers` (`company_id`,`email`);
--> statement-breakpoint
CREATE UNIQUE INDEX `idempotency_keys_user_key_uq` ON `idempotency_keys` (`user_id`,`key`);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_expires_idx` ON `idempotency_keys` (`expires_at`);
--> statement-breakpoint
CREATE INDEX `transfer_requests_original_idx` ON `transfer_requests` (`original_transfer_id`,`status`);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_discrepancies_transfer_kind_uq` ON `stock_discrepancies` (`transfer_id`,`kind`);
--> statement-breakpoint
CREATE INDEX `stock_discrepancies_company_status_idx` ON `stock_discrepancies` (`company_id`,`status`);
--> statement-breakpoint
CREATE INDEX `price_overrides_company_idx` ON `price_overrides` (`company_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `product_price_changes_product_idx` ON `product_price_changes` (`product_id`,`created_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_size_uq` ON `product_variants` (`product_id`,`size`);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_barcode_uq` ON `product_variants` (`company_id`,`barcode`);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_sku_uq` ON `product_variants` (`company_id`,`sku`);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_adjustments_ref_unique` ON `stock_adjustments` (`ref`);
--> statement-breakpoint
CREATE INDEX `stock_adjustments_company_idx` ON `stock_adjustments` (`company_id`,`created_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_count_lines_uq` ON `stock_count_lines` (`count_id`,`product_id`,`size`);
--> statement-breakpoint
CREATE INDEX `stock_counts_company_idx` ON `stock_counts` (`company_id`,`created_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_counts_open_uq` ON `stock_counts` (`location_id`) WHERE status = 'open';
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_receipt_token_uq` ON `sales` (`receipt_token`);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_document_uq` ON `customers` (`company_id`,`document_type`,`document_number`);
--> statement-breakpoint
CREATE INDEX `customers_company_phone_idx` ON `customers` (`company_id`,`phone`);
--> statement-breakpoint
CREATE INDEX `customers_company_name_idx` ON `customers` (`company_id`,`name_key`);
--> statement-breakpoint
CREATE INDEX `sales_customer_idx` ON `sales` (`customer_id`,`sale_date`);
--> statement-breakpoint
CREATE INDEX `cash_movements_session_idx` ON `cash_movements` (`session_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `cash_sessions_one_open_uq` ON `cash_sessions` (`location_id`) WHERE status = 'open';
--> statement-breakpoint
CREATE INDEX `cash_sessions_company_idx` ON `cash_sessions` (`company_id`,`opened_at`);
--> statement-breakpoint
CREATE INDEX `sale_return_items_return_idx` ON `sale_return_items` (`return_id`);
--> statement-breakpoint
CREATE INDEX `sale_return_items_item_idx` ON `sale_return_items` (`sale_item_id`);
--> statement-breakpoint
CREATE INDEX `sale_returns_sale_idx` ON `sale_returns` (`sale_id`);
--> statement-breakpoint
CREATE INDEX `sale_returns_company_date_idx` ON `sale_returns` (`company_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `sale_returns_location_date_idx` ON `sale_returns` (`location_id`,`created_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `sale_returns_idempotency_uq` ON `sale_returns` (`company_id`,`idempotency_key`);
--> statement-breakpoint
CREATE UNIQUE INDEX `sale_returns_receipt_token_uq` ON `sale_returns` (`receipt_token`);
--> statement-breakpoint
CREATE INDEX `sales_transfer_idx` ON `sales` (`transfer_id`);
--> statement-breakpoint
CREATE INDEX `cost_payments_cost_idx` ON `cost_payments` (`company_id`,`cost_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `cost_payments_live_due_uq` ON `cost_payments` (`cost_id`,`due_date`) WHERE undone_at IS NULL;
--> statement-breakpoint
CREATE INDEX `delivery_attempts_transfer_idx` ON `delivery_attempts` (`transfer_id`,`id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_movements_transfer_back_uq` ON `stock_movements` (`transfer_id`) WHERE reason = 'transfer_back';
--> statement-breakpoint
CREATE INDEX `contact_messages_company_idx` ON `contact_messages` (`company_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `contact_messages_email_idx` ON `contact_messages` (`company_id`,`email`,`created_at`);
--> statement-breakpoint
CREATE INDEX `contact_messages_sender_idx` ON `contact_messages` (`company_id`,`sender_hash`,`created_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_messages_key_uq` ON `contact_messages` (`company_id`,`idempotency_key`);
--> statement-breakpoint
CREATE INDEX `web_reservation_items_reservation_idx` ON `web_reservation_items` (`reservation_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `web_reservation_items_line_uq` ON `web_reservation_items` (`reservation_id`,`product_id`,`size`);
--> statement-breakpoint
CREATE UNIQUE INDEX `web_reservations_code_uq` ON `web_reservations` (`company_id`,`code`);
--> statement-breakpoint
CREATE UNIQUE INDEX `web_reservations_key_uq` ON `web_reservations` (`company_id`,`idempotency_key`);
--> statement-breakpoint
CREATE INDEX `web_reservations_location_idx` ON `web_reservations` (`company_id`,`location_id`,`status`,`created_at`);
--> statement-breakpoint
CREATE INDEX `web_reservations_held_idx` ON `web_reservations` (`status`,`held_until`);
--> statement-breakpoint
CREATE INDEX `web_reservations_phone_idx` ON `web_reservations` (`company_id`,`customer_phone`,`created_at`);
--> statement-breakpoint
CREATE INDEX `web_reservations_sender_idx` ON `web_reservations` (`company_id`,`sender_hash`,`created_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_daily_goods_uq` ON `sales_daily_goods` (`company_id`,`day`,`location_id`);
--> statement-breakpoint
CREATE INDEX `inventory_company_location_idx` ON `inventory` (`company_id`,`location_id`,`product_id`);
--> statement-breakpoint
CREATE TRIGGER `users_session_epoch_bump` AFTER UPDATE OF `password_hash`, `is_active`, `role` ON `users`
WHEN OLD.`session_epoch` = NEW.`session_epoch` AND (
  OLD.`password_hash` IS NOT NEW.`password_hash` OR OLD.`is_active` IS NOT NEW.`is_active` OR OLD.`role` IS NOT NEW.`role`
)
BEGIN
  UPDATE `users` SET `session_epoch` = `session_epoch` + 1 WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `delivery_attempts_no_update` BEFORE UPDATE ON `delivery_attempts`
BEGIN
  SELECT RAISE(ABORT, 'delivery_attempts is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `delivery_attempts_no_delete` BEFORE DELETE ON `delivery_attempts`
BEGIN
  SELECT RAISE(ABORT, 'delivery_attempts is append-only');
END;
