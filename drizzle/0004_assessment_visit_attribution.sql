ALTER TABLE `assessment_visits` ADD `utm_source` text;--> statement-breakpoint
ALTER TABLE `assessment_visits` ADD `utm_medium` text;--> statement-breakpoint
ALTER TABLE `assessment_visits` ADD `utm_campaign` text;--> statement-breakpoint
ALTER TABLE `assessment_visits` ADD `utm_term` text;--> statement-breakpoint
ALTER TABLE `assessment_visits` ADD `utm_content` text;--> statement-breakpoint
ALTER TABLE `assessment_visits` ADD `referrer` text;