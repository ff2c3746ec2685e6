import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/setup/scratch-database.ts"],
    env: { NODE_ENV: "test" },
  },
});
