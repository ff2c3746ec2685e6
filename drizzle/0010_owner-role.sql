ALTER TABLE `users` ADD `owner` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- An install that already has admins: the first approved one becomes its owner. Allowlisted
-- admins are not known here; on an install with only those, the first to sign in becomes owner.
UPDATE `users` SET `owner` = 1 WHERE `id` = (
  SELECT `id` FROM `users`
  WHERE `confirmed_at` IS NOT NULL AND `approved_at` IS NOT NULL
  ORDER BY `created_at`, `id`
  LIMIT 1
);
