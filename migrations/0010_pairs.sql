-- A free left and a free right foot of one product, size and location are a pair (pair_formed).
-- Stock recorded before that rule: pair what waits, with its ledger row, so stock = ledger still holds.
INSERT INTO `stock_movements`
  (`company_id`, `product_id`, `location_id`, `size`, `delta_pairs`, `delta_left`, `delta_right`, `delta_exhibition`, `reason`, `notes`)
SELECT `company_id`, `product_id`, `location_id`, `size`,
       MIN(`left_feet` - `reserved_left`, `right_feet` - `reserved_right`),
       -MIN(`left_feet` - `reserved_left`, `right_feet` - `reserved_right`),
       -MIN(`left_feet` - `reserved_left`, `right_feet` - `reserved_right`),
       0, 'pair_formed', 'Pies sueltos emparejados al activar la formación automática de pares'
FROM `inventory`
WHERE MIN(`left_feet` - `reserved_left`, `right_feet` - `reserved_right`) > 0;
--> statement-breakpoint
UPDATE `inventory`
SET `pairs` = `pairs` + MIN(`left_feet` - `reserved_left`, `right_feet` - `reserved_right`),
    `left_feet` = `left_feet` - MIN(`left_feet` - `reserved_left`, `right_feet` - `reserved_right`),
    `right_feet` = `right_feet` - MIN(`left_feet` - `reserved_left`, `right_feet` - `reserved_right`)
WHERE MIN(`left_feet` - `reserved_left`, `right_feet` - `reserved_right`) > 0;
