ALTER TABLE `users` ADD `session_epoch` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): a new password, a change of the active flag or
-- of the role ends every session of the account, whichever code path made the change. A statement that
-- raises the epoch itself (to answer the new one with RETURNING, which does not see AFTER triggers) is left alone.
CREATE TRIGGER `users_session_epoch_bump` AFTER UPDATE OF `password_hash`, `is_active`, `role` ON `users`
WHEN OLD.`session_epoch` = NEW.`session_epoch` AND (
  OLD.`password_hash` IS NOT NEW.`password_hash` OR OLD.`is_active` IS NOT NEW.`is_active` OR OLD.`role` IS NOT NEW.`role`
)
BEGIN
  UPDATE `users` SET `session_epoch` = `session_epoch` + 1 WHERE `id` = NEW.`id`;
END;
