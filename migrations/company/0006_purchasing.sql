CREATE TABLE `purchase_order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`size` text NOT NULL,
	`quantity` integer NOT NULL,
	`received` integer DEFAULT 0 NOT NULL,
	`unit_cost` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `purchase_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "purchase_order_lines_quantity_ck" CHECK("purchase_order_lines"."quantity" > 0 AND "purchase_order_lines"."received" >= 0 AND "purchase_order_lines"."received" <= "purchase_order_lines"."quantity" AND "purchase_order_lines"."unit_cost" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_order_lines_cell_uq` ON `purchase_order_lines` (`order_id`,`product_id`,`size`);--> statement-breakpoint
CREATE TABLE `purchase_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`supplier_id` integer NOT NULL,
	`location_id` integer NOT NULL,
	`status` text DEFAULT 'borrador' NOT NULL,
	`ref` text NOT NULL,
	`notes` text,
	`expected_on` text,
	`created_by` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`sent_at` text,
	`closed_at` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supplier_id`) REFERENCES `suppliers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_orders_ref_uq` ON `purchase_orders` (`ref`);--> statement-breakpoint
CREATE INDEX `purchase_orders_company_idx` ON `purchase_orders` (`company_id`,`status`,`id`);--> statement-breakpoint
CREATE TABLE `purchase_reception_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`reception_id` integer NOT NULL,
	`order_line_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`unit_cost` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reception_id`) REFERENCES `purchase_receptions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_line_id`) REFERENCES `purchase_order_lines`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "purchase_reception_lines_quantity_ck" CHECK("purchase_reception_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX `purchase_reception_lines_reception_idx` ON `purchase_reception_lines` (`reception_id`);--> statement-breakpoint
CREATE TABLE `purchase_receptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`ref` text NOT NULL,
	`received_by` integer NOT NULL,
	`notes` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `purchase_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`received_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `purchase_receptions_ref_uq` ON `purchase_receptions` (`ref`);--> statement-breakpoint
CREATE INDEX `purchase_receptions_order_idx` ON `purchase_receptions` (`order_id`);--> statement-breakpoint
CREATE TABLE `suppliers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`nit` text NOT NULL,
	`nit_check_digit` integer NOT NULL,
	`contact_name` text,
	`phone` text,
	`email` text,
	`lead_time_days` integer DEFAULT 7 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "suppliers_lead_time_ck" CHECK("suppliers"."lead_time_days" >= 0 AND "suppliers"."lead_time_days" <= 365)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `suppliers_company_nit_uq` ON `suppliers` (`company_id`,`nit`);--> statement-breakpoint
ALTER TABLE `stock_movements` ADD `unit_cost` integer;