ALTER TABLE `contact_messages` ADD `submission_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `contact_messages_submission_key_idx` ON `contact_messages` (`submission_key`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `held_at` integer;