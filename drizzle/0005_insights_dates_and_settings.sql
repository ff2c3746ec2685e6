CREATE TABLE `app_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
-- SQLite cannot add a column whose default is an expression, so blog_posts is rebuilt with
-- updated_at (filled from created_at for existing posts).
CREATE TABLE `__new_blog_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`excerpt` text NOT NULL,
	`content` text NOT NULL,
	`preview_link` text,
	`author` text NOT NULL,
	`read_time` text DEFAULT '5 min read' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`featured` integer DEFAULT false NOT NULL,
	`published` integer DEFAULT true NOT NULL,
	`published_date` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`link_previews` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_blog_posts` (`id`, `title`, `excerpt`, `content`, `preview_link`, `author`, `read_time`, `tags`, `featured`, `published`, `published_date`, `created_at`, `updated_at`, `link_previews`)
SELECT `id`, `title`, `excerpt`, `content`, `preview_link`, `author`, `read_time`, `tags`, `featured`, `published`, `published_date`, `created_at`, `created_at`, `link_previews` FROM `blog_posts`;
--> statement-breakpoint
DROP TABLE `blog_posts`;
--> statement-breakpoint
ALTER TABLE `__new_blog_posts` RENAME TO `blog_posts`;
--> statement-breakpoint
CREATE INDEX `blog_posts_published_published_date_idx` ON `blog_posts` (`published`,`published_date`);
