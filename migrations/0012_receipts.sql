ALTER TABLE `companies` ADD `return_policy` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `receipt_token` text;--> statement-breakpoint
-- the sales made before receipts: a token each, 128 random bits as the Worker makes them
UPDATE `sales` SET `receipt_token` = lower(hex(randomblob(16))) WHERE `receipt_token` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `sales_receipt_token_uq` ON `sales` (`receipt_token`);