-- The audit log is appended to and never changed: no UPDATE at all, and no DELETE of an entry
-- younger than its retention (app_settings `retention.auditDays`, 730 days unless set, never
-- fewer than 30), which is what the daily retention sweep removes.
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log`
BEGIN
  SELECT RAISE(ABORT, 'audit_log entries cannot be changed');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_delete_after_retention` BEFORE DELETE ON `audit_log`
WHEN old.`at` > cast(unixepoch('subsec') * 1000 as integer) - 86400000 * max(
  30,
  coalesce((SELECT cast(`value` AS integer) FROM `app_settings` WHERE `key` = 'retention.auditDays'), 730)
)
BEGIN
  SELECT RAISE(ABORT, 'audit_log entries are kept until their retention ends');
END;
