CREATE TABLE `media_files` (
	`path` text PRIMARY KEY NOT NULL,
	`cover_id` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`bytes` blob NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `media_files_cover_id_idx` ON `media_files` (`cover_id`);