ALTER TABLE `blog_posts` ADD `read_time_by_staff` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `preview_failure` text;