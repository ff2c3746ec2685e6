import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/setup/scratch-database.ts"],
    env: { NODE_ENV: "test" },
    // The integration tests run real SQLite files, SMTP and HTTP servers and image encoders; on a
    // loaded two-core machine one can take several seconds. Budgets live in the benchmarks.
    testTimeout: 20_000,
  },
});
