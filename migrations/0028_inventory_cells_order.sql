DROP INDEX `inventory_company_location_idx`;--> statement-breakpoint
CREATE INDEX `inventory_company_location_idx` ON `inventory` (`company_id`,`location_id`,`product_id`);