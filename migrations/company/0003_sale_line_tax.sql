ALTER TABLE `companies` ADD `default_tax_class` text DEFAULT 'iva_19' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `tax_class` text DEFAULT 'iva_19' NOT NULL;--> statement-breakpoint
ALTER TABLE `sale_items` ADD `net_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sale_items` ADD `tax_class` text DEFAULT 'iva_19' NOT NULL;--> statement-breakpoint
ALTER TABLE `sale_items` ADD `tax_rate` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sale_items` ADD `tax_base` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sale_items` ADD `tax_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sale_return_items` ADD `tax_base` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sale_return_items` ADD `tax_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Lines sold before taxes were recorded: their net as returns valued it (the sale's discount shared by
-- subtotal, floored to whole pesos) and IVA 19 % on it, the rule of domain/fiscal/tax.ts.
UPDATE `sale_items` SET `net_amount` = (
  SELECT CASE WHEN s.subtotal_amount <= 0 OR s.subtotal_amount = s.total_amount THEN sale_items.subtotal
    ELSE (sale_items.subtotal * s.total_amount / s.subtotal_amount) / 100 * 100 END
  FROM sales s WHERE s.id = sale_items.sale_id
), `tax_rate` = 1900;--> statement-breakpoint
UPDATE `sale_items` SET `tax_base` = (2 * net_amount * 10000 + 11900) / (2 * 11900);--> statement-breakpoint
UPDATE `sale_items` SET `tax_amount` = net_amount - tax_base;--> statement-breakpoint
UPDATE `sale_return_items` SET `tax_base` = (2 * amount * 10000 + 11900) / (2 * 11900);--> statement-breakpoint
UPDATE `sale_return_items` SET `tax_amount` = amount - tax_base;
