-- Posts live before posts were emailed are not emailed now: only those that go live from here on.
UPDATE `blog_posts` SET `newsletter_queued_at` = cast(unixepoch('subsec') * 1000 as integer)
WHERE `published` = 1 AND `published_date` <= cast(unixepoch('subsec') * 1000 as integer);
