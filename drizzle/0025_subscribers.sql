CREATE TABLE `newsletter_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` text NOT NULL,
	`round` integer NOT NULL,
	`requested_by` integer,
	`mailing_id` integer,
	`recipients` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`mailing_id`) REFERENCES `outbox_mailings`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_sends_post_round_idx` ON `newsletter_sends` (`post_id`,`round`);--> statement-breakpoint
CREATE TABLE `outbox_mailings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`email_key` text NOT NULL,
	`name` text,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`confirmation_token_hash` text,
	`confirmation_sent_at` integer,
	`confirmed_at` integer,
	`unsubscribed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_email_key_unique` ON `subscribers` (`email_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_confirmation_token_hash_unique` ON `subscribers` (`confirmation_token_hash`);--> statement-breakpoint
CREATE INDEX `subscribers_status_idx` ON `subscribers` (`status`,`id`);--> statement-breakpoint
DROP INDEX `outbox_due_idx`;--> statement-breakpoint
ALTER TABLE `outbox` ADD `bulk` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `mailing_id` integer REFERENCES outbox_mailings(id);--> statement-breakpoint
ALTER TABLE `outbox` ADD `merge_fields` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `extra_headers` text;--> statement-breakpoint
CREATE INDEX `outbox_mailing_id_idx` ON `outbox` (`mailing_id`);--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`sent_at`,`failed_at`,`bulk`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `email_subscribers` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `newsletter_queued_at` integer;--> statement-breakpoint
CREATE INDEX `blog_posts_newsletter_due_idx` ON `blog_posts` (`published_date`) WHERE newsletter_queued_at is null and email_subscribers = 1 and published = 1;