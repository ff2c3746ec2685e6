import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/setup/scratch-database.ts"],
    env: { NODE_ENV: "test" },
  },
});
