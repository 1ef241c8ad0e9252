CREATE TABLE `electronic_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`kind` text NOT NULL,
	`sale_id` integer NOT NULL,
	`return_id` integer,
	`number` text NOT NULL,
	`status` text DEFAULT 'pendiente' NOT NULL,
	`cude` text,
	`qr` text,
	`xml` text,
	`reason` text,
	`provider_ref` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`accepted_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `electronic_documents_sale_uq` ON `electronic_documents` (`sale_id`) WHERE "electronic_documents"."kind" = 'pos';--> statement-breakpoint
CREATE UNIQUE INDEX `electronic_documents_return_uq` ON `electronic_documents` (`return_id`);--> statement-breakpoint
CREATE INDEX `electronic_documents_due_idx` ON `electronic_documents` (`company_id`,`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `fiscal_settings` (
	`company_id` integer PRIMARY KEY NOT NULL,
	`environment` text DEFAULT '2' NOT NULL,
	`software_id` text NOT NULL,
	`software_pin` text NOT NULL,
	`software_maker` text DEFAULT 'Horma' NOT NULL,
	`person_type` text DEFAULT 'juridica' NOT NULL,
	`tax_regime` text DEFAULT '48' NOT NULL,
	`responsibilities` text DEFAULT 'R-99-PN' NOT NULL,
	`address` text NOT NULL,
	`city_code` text NOT NULL,
	`city_name` text NOT NULL,
	`department_code` text NOT NULL,
	`department_name` text NOT NULL,
	`provider` text DEFAULT 'prueba' NOT NULL,
	`provider_url` text,
	`provider_secret` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
