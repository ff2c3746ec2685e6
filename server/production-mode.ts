// server.ts serves the production build, so it runs in production whatever started it (`npm
// start`, `node server.ts`, a process manager): with NODE_ENV unset, React, Express and the app
// would otherwise pick their development defaults, the public development session secret among
// them. server.ts imports this module first, before anything that reads NODE_ENV is loaded.
const mode = process.env.NODE_ENV?.trim();

if (!mode) {
  process.env.NODE_ENV = "production";
} else if (mode !== "production" && mode !== "test") {
  // `test` stays allowed: browser tests run the production build with test-only settings.
  console.error(
    `The server cannot start: NODE_ENV=${mode} is not for server.ts, which serves the production build (for development, run \`npm run dev\`).`,
  );
  process.exit(1);
}
