-- An install made before owners existed: its first confirmed account, preferring one an admin
-- approved or the command line created, becomes the owner, so someone can still manage rights.
UPDATE `users` SET `owner` = 1
WHERE `id` = (
  SELECT `id` FROM `users`
  WHERE `confirmed_at` IS NOT NULL
  ORDER BY `approved_at` IS NULL, `id`
  LIMIT 1
)
AND NOT EXISTS (SELECT 1 FROM `users` WHERE `owner` = 1);
