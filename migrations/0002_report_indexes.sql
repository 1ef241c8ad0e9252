CREATE INDEX `sale_items_report_idx` ON `sale_items` (`sale_id`,`sneaker_reference_code`,`quantity`,`subtotal`);--> statement-breakpoint
CREATE INDEX `sale_payments_report_idx` ON `sale_payments` (`sale_id`,`payment_type`,`amount`);--> statement-breakpoint
CREATE INDEX `sales_report_idx` ON `sales` (`company_id`,`status`,`sale_date`,`total_amount`,`location_id`,`seller_id`);--> statement-breakpoint
CREATE INDEX `sales_location_report_idx` ON `sales` (`location_id`,`status`,`sale_date`,`total_amount`);