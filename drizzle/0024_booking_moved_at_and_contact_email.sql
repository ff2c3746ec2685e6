ALTER TABLE `bookings` ADD `moved_at` integer;--> statement-breakpoint
CREATE INDEX `contact_messages_email_idx` ON `contact_messages` (lower(email));