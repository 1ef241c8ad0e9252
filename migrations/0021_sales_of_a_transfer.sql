DROP INDEX `sales_transfer_uq`;--> statement-breakpoint
CREATE INDEX `sales_transfer_idx` ON `sales` (`transfer_id`);