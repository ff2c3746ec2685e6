ALTER TABLE `assessment_submissions` ADD `submission_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `assessment_submissions_submission_key_unique` ON `assessment_submissions` (`submission_key`);--> statement-breakpoint
ALTER TABLE `email_confirmations` ADD `password_hash` text;--> statement-breakpoint
ALTER TABLE `users` ADD `owner` integer DEFAULT false NOT NULL;