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
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "companies_limits_ck" CHECK("companies"."max_locations" >= 0 AND "companies"."max_employees" >= 0),
	CONSTRAINT "companies_money_ck" CHECK("companies"."price_per_location" >= 0 AND "companies"."monthly_cost" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `companies_subdomain_unique` ON `companies` (`subdomain`);--> statement-breakpoint
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
CREATE INDEX `discount_requests_company_status_idx` ON `discount_requests` (`company_id`,`status`);--> statement-breakpoint
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
CREATE INDEX `expenses_company_date_idx` ON `expenses` (`company_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `expenses_idempotency_uq` ON `expenses` (`company_id`,`idempotency_key`);--> statement-breakpoint
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
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "inventory_non_negative_ck" CHECK("inventory"."pairs" >= 0 AND "inventory"."left_feet" >= 0 AND "inventory"."right_feet" >= 0 AND "inventory"."exhibition" >= 0),
	CONSTRAINT "inventory_reserved_ck" CHECK("inventory"."reserved_pairs" >= 0 AND "inventory"."reserved_left" >= 0 AND "inventory"."reserved_right" >= 0 AND "inventory"."reserved_pairs" <= "inventory"."pairs" AND "inventory"."reserved_left" <= "inventory"."left_feet" AND "inventory"."reserved_right" <= "inventory"."right_feet")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inventory_cell_uq` ON `inventory` (`product_id`,`location_id`,`size`);--> statement-breakpoint
CREATE INDEX `inventory_company_location_idx` ON `inventory` (`company_id`,`location_id`);--> statement-breakpoint
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
CREATE INDEX `inventory_alerts_company_idx` ON `inventory_alerts` (`company_id`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`invoice_number` text NOT NULL,
	`billing_period_start` text NOT NULL,
	`billing_period_end` text NOT NULL,
	`locations_count` integer NOT NULL,
	`price_per_location` integer NOT NULL,
	`total_amount` integer NOT NULL,
	`due_date` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`paid_at` text,
	`payment_method` text,
	`payment_reference` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "invoices_total_ck" CHECK("invoices"."total_amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_invoice_number_unique` ON `invoices` (`invoice_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_company_period_uq` ON `invoices` (`company_id`,`billing_period_start`);--> statement-breakpoint
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
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "locations_capacity_ck" CHECK("locations"."capacity" IS NULL OR "locations"."capacity" >= 0)
);
--> statement-breakpoint
CREATE INDEX `locations_company_idx` ON `locations` (`company_id`,`is_active`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`email` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`window_start` text NOT NULL,
	`locked_until` text
);
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
CREATE INDEX `notifications_user_idx` ON `notifications` (`company_id`,`user_id`,`is_read`);--> statement-breakpoint
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
CREATE INDEX `operating_costs_company_idx` ON `operating_costs` (`company_id`,`location_id`);--> statement-breakpoint
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
CREATE UNIQUE INDEX `plans_plan_code_unique` ON `plans` (`plan_code`);--> statement-breakpoint
CREATE TABLE `product_embeddings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`model_id` text NOT NULL,
	`source` text NOT NULL,
	`dims` integer NOT NULL,
	`vector` blob NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `product_embeddings_company_model_idx` ON `product_embeddings` (`company_id`,`model_id`);--> statement-breakpoint
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
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "products_price_ck" CHECK("products"."unit_price" >= 0 AND ("products"."box_price" IS NULL OR "products"."box_price" >= 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_company_ref_uq` ON `products` (`company_id`,`reference_code`);--> statement-breakpoint
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
	`subtotal` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sale_items_qty_ck" CHECK("sale_items"."quantity" >= 1 AND "sale_items"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE INDEX `sale_items_sale_idx` ON `sale_items` (`sale_id`);--> statement-breakpoint
CREATE TABLE `sale_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`sale_id` integer NOT NULL,
	`payment_type` text NOT NULL,
	`amount` integer NOT NULL,
	`reference` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sale_payments_amount_ck" CHECK("sale_payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX `sale_payments_sale_idx` ON `sale_payments` (`sale_id`);--> statement-breakpoint
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
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sales_amounts_ck" CHECK("sales"."total_amount" >= 0 AND "sales"."discount_amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX `sales_company_date_idx` ON `sales` (`company_id`,`sale_date`);--> statement-breakpoint
CREATE INDEX `sales_seller_date_idx` ON `sales` (`seller_id`,`sale_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `sales_idempotency_uq` ON `sales` (`company_id`,`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `sales_transfer_uq` ON `sales` (`transfer_id`);--> statement-breakpoint
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
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `stock_movements_cell_idx` ON `stock_movements` (`product_id`,`location_id`,`size`);--> statement-breakpoint
CREATE INDEX `stock_movements_company_idx` ON `stock_movements` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `subscription_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`old_plan` text,
	`new_plan` text NOT NULL,
	`old_max_locations` integer,
	`new_max_locations` integer NOT NULL,
	`old_max_employees` integer,
	`new_max_employees` integer NOT NULL,
	`old_price_per_location` integer,
	`new_price_per_location` integer NOT NULL,
	`effective_date` text NOT NULL,
	`reason` text,
	`changed_by` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `subscription_changes_company_idx` ON `subscription_changes` (`company_id`,`created_at`);--> statement-breakpoint
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
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requester_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`source_location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`destination_location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "transfer_quantity_ck" CHECK("transfer_requests"."quantity" >= 1),
	CONSTRAINT "transfer_single_foot_ck" CHECK(("transfer_requests"."transfer_type" = 'single_foot') = ("transfer_requests"."foot_side" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `transfer_requests_company_status_idx` ON `transfer_requests` (`company_id`,`status`);--> statement-breakpoint
CREATE INDEX `transfer_requests_requester_idx` ON `transfer_requests` (`requester_id`,`status`);--> statement-breakpoint
CREATE INDEX `transfer_requests_courier_idx` ON `transfer_requests` (`courier_id`,`status`);--> statement-breakpoint
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
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "users_tenant_ck" CHECK(("users"."role" = 'superuser' AND "users"."company_id" IS NULL) OR ("users"."role" <> 'superuser' AND "users"."company_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_company_idx` ON `users` (`company_id`,`role`);--> statement-breakpoint
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
CREATE INDEX `wholesale_products_company_idx` ON `wholesale_products` (`company_id`);--> statement-breakpoint
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
CREATE INDEX `wholesale_sales_company_idx` ON `wholesale_sales` (`company_id`,`fecha_venta`);