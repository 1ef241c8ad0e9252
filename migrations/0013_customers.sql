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
CREATE UNIQUE INDEX `customers_document_uq` ON `customers` (`company_id`,`document_type`,`document_number`);--> statement-breakpoint
CREATE INDEX `customers_company_phone_idx` ON `customers` (`company_id`,`phone`);--> statement-breakpoint
CREATE INDEX `customers_company_name_idx` ON `customers` (`company_id`,`name_key`);--> statement-breakpoint
ALTER TABLE `sales` ADD `customer_id` integer REFERENCES customers(id);--> statement-breakpoint
CREATE INDEX `sales_customer_idx` ON `sales` (`customer_id`,`sale_date`);