PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text DEFAULT 'email' NOT NULL,
	`recipient` text,
	`reply_to` text,
	`subject` text,
	`text_body` text,
	`html_body` text,
	`calendar` text,
	`calendar_method` text,
	`webhook_endpoint_id` integer,
	`event_id` text,
	`event_type` text,
	`payload` text,
	`response_status` integer,
	`bulk` integer DEFAULT false NOT NULL,
	`mailing_id` integer,
	`merge_fields` text,
	`extra_headers` text,
	`contact_message_id` integer,
	`assessment_submission_id` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`claimed_until` integer,
	`last_error` text,
	`held_at` integer,
	`sent_at` integer,
	`failed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`webhook_endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`mailing_id`) REFERENCES `outbox_mailings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contact_message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`assessment_submission_id`) REFERENCES `assessment_submissions`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "outbox_channel_parts" CHECK((channel = 'email' and recipient is not null and subject is not null and ((text_body is not null and html_body is not null) or mailing_id is not null)) or (channel = 'webhook' and webhook_endpoint_id is not null and event_id is not null and event_type is not null and payload is not null))
);
--> statement-breakpoint
INSERT INTO `__new_outbox`("id", "channel", "recipient", "reply_to", "subject", "text_body", "html_body", "calendar", "calendar_method", "webhook_endpoint_id", "event_id", "event_type", "payload", "response_status", "bulk", "mailing_id", "merge_fields", "extra_headers", "contact_message_id", "assessment_submission_id", "attempts", "next_attempt_at", "claimed_until", "last_error", "held_at", "sent_at", "failed_at", "created_at") SELECT "id", "channel", "recipient", "reply_to", "subject", "text_body", "html_body", "calendar", "calendar_method", "webhook_endpoint_id", "event_id", "event_type", "payload", "response_status", "bulk", "mailing_id", "merge_fields", "extra_headers", "contact_message_id", "assessment_submission_id", "attempts", "next_attempt_at", "claimed_until", "last_error", "held_at", "sent_at", "failed_at", "created_at" FROM `outbox`;--> statement-breakpoint
DROP TABLE `outbox`;--> statement-breakpoint
ALTER TABLE `__new_outbox` RENAME TO `outbox`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`sent_at`,`failed_at`,`bulk`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_mailing_id_idx` ON `outbox` (`mailing_id`);--> statement-breakpoint
CREATE INDEX `outbox_contact_message_id_idx` ON `outbox` (`contact_message_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_webhook_event_idx` ON `outbox` (`webhook_endpoint_id`,`event_id`);