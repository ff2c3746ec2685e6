CREATE TABLE `assessment_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`time_wasted` text NOT NULL,
	`time_wasted_score` integer NOT NULL,
	`reinvent_wheel` text NOT NULL,
	`reinvent_wheel_score` integer NOT NULL,
	`critical_processes` text NOT NULL,
	`critical_processes_score` integer NOT NULL,
	`vacation_impact` text NOT NULL,
	`vacation_impact_score` integer NOT NULL,
	`meeting_time` text NOT NULL,
	`meeting_time_score` integer NOT NULL,
	`project_delays` text NOT NULL,
	`project_delays_score` integer NOT NULL,
	`role` text NOT NULL,
	`role_score` integer NOT NULL,
	`approval_process` text NOT NULL,
	`approval_process_score` integer NOT NULL,
	`urgency` text NOT NULL,
	`urgency_score` integer NOT NULL,
	`timeline` text NOT NULL,
	`timeline_score` integer NOT NULL,
	`efficiency_score` integer NOT NULL,
	`band_score` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `assessment_submissions_created_at_idx` ON `assessment_submissions` (`created_at`);--> statement-breakpoint
CREATE TABLE `blog_posts` (
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
	`link_previews` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `blog_posts_published_created_at_idx` ON `blog_posts` (`published`,`created_at`);--> statement-breakpoint
CREATE TABLE `cta_clicks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cta_source` text NOT NULL,
	`page_path` text NOT NULL,
	`user_session` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cta_clicks_created_at_idx` ON `cta_clicks` (`created_at`);