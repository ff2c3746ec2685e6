// Structured logging: one JSON object per line on stdout (pino), easy to grep and to ship; the
// options, secret redaction included, are server/logger.ts's.
import { createLogger } from "../../server/logger.ts";

type LogLevel = "info" | "warn" | "error";

const logger = createLogger();

export function logEvent(level: LogLevel, event: string, fields: Record<string, unknown> = {}) {
  logger[level]({ event, ...fields });
}
