CREATE TABLE `blog_post_old_slugs` (
	`slug` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `blog_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blog_post_old_slugs_post_id_idx` ON `blog_post_old_slugs` (`post_id`);--> statement-breakpoint
DROP INDEX `blog_posts_public_order_idx`;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `slug` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `meta_title` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `meta_description` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `cover_id` text;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `cover_width` integer;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `cover_height` integer;--> statement-breakpoint
ALTER TABLE `blog_posts` ADD `cover_alt` text;--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_idx` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_posts_public_order_idx` ON `blog_posts` (`published`,`published_date`,`id`,`updated_at`,`slug`);