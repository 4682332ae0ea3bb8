import { defineConfig } from "vitest/config";

// One Vitest run covers every package; each package is a project so its tests run in its own environment.
export default defineConfig({
  test: {
    // The on-disk transform cache goes stale when tsconfig changes; CI gains nothing from it on a fresh clone.
    fsModuleCache: !process.env.CI,
    projects: [
      {
        test: {
          name: "shared",
          root: "shared",
          include: ["test/**/*.test.ts"],
          environment: "node",
          // The property tests and the commands' tests run thousands of shots or spawn a process: on two
          // shared cores busy with other files they may take several times their usual second.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "painter",
          root: "painter",
          include: ["test/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "server",
          root: "server",
          include: ["test/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "client",
          root: "client",
          include: ["test/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "e2e",
          root: "e2e",
          include: ["**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page's answer waits on the server and on Chromium, both sharing two cores with the test: Vitest's
          // one-second default for expect.poll fails on a busy box although the page gets there.
          expect: { poll: { timeout: 10_000 } },
          // Browser tests share one server build; run their files one at a time.
          fileParallelism: false,
        },
      },
    ],
  },
});
