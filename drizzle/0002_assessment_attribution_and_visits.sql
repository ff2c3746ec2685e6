CREATE TABLE `assessment_visits` (
	`id` text PRIMARY KEY NOT NULL,
	`furthest_step` integer DEFAULT 1 NOT NULL,
	`started_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`submitted_at` integer
);
--> statement-breakpoint
CREATE INDEX `assessment_visits_started_at_idx` ON `assessment_visits` (`started_at`);--> statement-breakpoint
ALTER TABLE `assessment_submissions` ADD `utm_source` text;--> statement-breakpoint
ALTER TABLE `assessment_submissions` ADD `utm_medium` text;--> statement-breakpoint
ALTER TABLE `assessment_submissions` ADD `utm_campaign` text;--> statement-breakpoint
ALTER TABLE `assessment_submissions` ADD `utm_term` text;--> statement-breakpoint
ALTER TABLE `assessment_submissions` ADD `utm_content` text;--> statement-breakpoint
ALTER TABLE `assessment_submissions` ADD `referrer` text;--> statement-breakpoint
ALTER TABLE `assessment_submissions` ADD `visit_id` text REFERENCES assessment_visits(id);--> statement-breakpoint
ALTER TABLE `outbox` ADD `assessment_submission_id` integer REFERENCES assessment_submissions(id);