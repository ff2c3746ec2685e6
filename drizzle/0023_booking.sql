CREATE TABLE `booking_days_off` (
	`day` text PRIMARY KEY NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `booking_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`weekly_hours` text NOT NULL,
	`call_minutes` integer NOT NULL,
	`start_every_minutes` integer NOT NULL,
	`notice_minutes` integer NOT NULL,
	`horizon_days` integer NOT NULL,
	`feed_secret` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "booking_settings_one_row" CHECK(id = 1),
	CONSTRAINT "booking_settings_bounds" CHECK(call_minutes between 5 and 480 and start_every_minutes between 5 and 480 and notice_minutes >= 0 and horizon_days between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`status` text DEFAULT 'confirmed' NOT NULL,
	`full_name` text NOT NULL,
	`email` text NOT NULL,
	`company` text NOT NULL,
	`phone` text,
	`topic` text DEFAULT '' NOT NULL,
	`visitor_time_zone` text NOT NULL,
	`assessment_submission_id` integer,
	`reminder_queued_at` integer,
	`cancelled_at` integer,
	`cancelled_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`assessment_submission_id`) REFERENCES `assessment_submissions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_uid_unique` ON `bookings` (`uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_confirmed_start_idx` ON `bookings` (`starts_at`) WHERE status = 'confirmed';--> statement-breakpoint
CREATE INDEX `bookings_starts_at_idx` ON `bookings` (`starts_at`);--> statement-breakpoint
CREATE INDEX `bookings_email_idx` ON `bookings` (`email`);--> statement-breakpoint
CREATE TABLE `calendar_busy` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source_id` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	FOREIGN KEY (`source_id`) REFERENCES `calendar_sources`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `calendar_busy_starts_at_idx` ON `calendar_busy` (`starts_at`);--> statement-breakpoint
CREATE INDEX `calendar_busy_source_idx` ON `calendar_busy` (`source_id`);--> statement-breakpoint
CREATE TABLE `calendar_sources` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`url` text NOT NULL,
	`last_attempt_at` integer,
	`last_success_at` integer,
	`last_error` text,
	`busy_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `outbox` ADD `calendar` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `calendar_method` text;--> statement-breakpoint
-- A fresh install offers weekdays 09:00 to 17:00, 30-minute calls on the hour and half hour, at least 24 hours and at most 14 days ahead; its calendar feed has a random secret.
INSERT INTO `booking_settings` (`id`, `weekly_hours`, `call_minutes`, `start_every_minutes`, `notice_minutes`, `horizon_days`, `feed_secret`) VALUES (1, '{"0":[],"1":[["09:00","17:00"]],"2":[["09:00","17:00"]],"3":[["09:00","17:00"]],"4":[["09:00","17:00"]],"5":[["09:00","17:00"]],"6":[]}', 30, 30, 1440, 14, lower(hex(randomblob(24))));
