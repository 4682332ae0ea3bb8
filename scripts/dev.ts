// `pnpm dev`: the game server (restarted when its sources change) and Vite's hot-reloading client together.
import { spawn } from "node:child_process";

const children = [
  spawn(process.execPath, ["--watch-path=server/src", "--watch-path=shared/src", "server/src/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, CLIENT_DIST: "" },
  }),
  spawn("pnpm", ["--filter", "@habibka/client", "dev"], { stdio: "inherit" }),
];
console.log("Game server on http://localhost:2567, hot-reloading client on http://localhost:5173");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}
