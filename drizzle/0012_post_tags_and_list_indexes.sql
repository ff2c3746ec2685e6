CREATE TABLE `blog_post_tags` (
	`post_id` text NOT NULL,
	`tag` text NOT NULL,
	`published` integer NOT NULL,
	`published_date` integer NOT NULL,
	PRIMARY KEY(`post_id`, `tag`)
);
--> statement-breakpoint
CREATE INDEX `blog_post_tags_order_idx` ON `blog_post_tags` (`tag`,`published`,`published_date`,`post_id`);--> statement-breakpoint
DROP INDEX `blog_posts_published_published_date_idx`;--> statement-breakpoint
CREATE INDEX `blog_posts_public_order_idx` ON `blog_posts` (`published`,`published_date`,`id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `blog_posts_featured_order_idx` ON `blog_posts` (`published`,`featured`,`published_date`,`id`);--> statement-breakpoint
CREATE INDEX `blog_posts_public_updated_at_idx` ON `blog_posts` (`published`,`updated_at`,`published_date`);--> statement-breakpoint
CREATE INDEX `blog_posts_published_date_idx` ON `blog_posts` (`published_date`,`id`);--> statement-breakpoint
-- blog_post_tags is derived from blog_posts.tags: these triggers keep it on every write to
-- blog_posts, the app's and raw SQL's alike. A tag is a string in the post's tags, matched
-- exactly; tags that are not valid JSON give no rows rather than failing the write.
CREATE TRIGGER `blog_posts_tags_after_insert` AFTER INSERT ON `blog_posts` BEGIN
  INSERT OR IGNORE INTO `blog_post_tags` (`post_id`, `tag`, `published`, `published_date`)
  SELECT new.`id`, `value`, new.`published`, new.`published_date`
  FROM json_each(CASE WHEN json_valid(new.`tags`) THEN new.`tags` ELSE '[]' END)
  WHERE `type` = 'text';
END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_tags_after_update` AFTER UPDATE OF `id`, `tags`, `published`, `published_date` ON `blog_posts` BEGIN
  DELETE FROM `blog_post_tags` WHERE `post_id` = old.`id`;
  INSERT OR IGNORE INTO `blog_post_tags` (`post_id`, `tag`, `published`, `published_date`)
  SELECT new.`id`, `value`, new.`published`, new.`published_date`
  FROM json_each(CASE WHEN json_valid(new.`tags`) THEN new.`tags` ELSE '[]' END)
  WHERE `type` = 'text';
END;
--> statement-breakpoint
CREATE TRIGGER `blog_posts_tags_after_delete` AFTER DELETE ON `blog_posts` BEGIN
  DELETE FROM `blog_post_tags` WHERE `post_id` = old.`id`;
END;
--> statement-breakpoint
INSERT OR IGNORE INTO `blog_post_tags` (`post_id`, `tag`, `published`, `published_date`)
SELECT `blog_posts`.`id`, `tag`.`value`, `blog_posts`.`published`, `blog_posts`.`published_date`
FROM `blog_posts`,
  json_each(CASE WHEN json_valid(`blog_posts`.`tags`) THEN `blog_posts`.`tags` ELSE '[]' END) AS `tag`
WHERE `tag`.`type` = 'text';
