// Structured logging: one JSON object per line on stdout (pino), easy to grep and to ship; the
// options, secret redaction included, are logger.server.ts's.
import { sharedLogger } from "./logger.server";

type LogLevel = "info" | "warn" | "error";

const logger = sharedLogger();

export function logEvent(level: LogLevel, event: string, fields: Record<string, unknown> = {}) {
  logger[level]({ event, ...fields });
}
