import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const hasDockerCompose = spawnSync("docker-compose", ["--version"]).status === 0;

describe("deployment files", () => {
  // CI installs Debian's docker-compose (v1) only to validate the file; no Docker engine runs here.
  it.skipIf(!hasDockerCompose)(
    "docker-compose.yml is valid, with and without the scale profile (docker-compose config -q)",
    () => {
      for (const args of [
        ["config", "-q"],
        ["--profile", "scale", "config", "-q"],
      ]) {
        const result = spawnSync("docker-compose", args, { cwd: root, encoding: "utf8" });
        expect(result.stderr, args.join(" ")).toBe("");
        expect(result.status).toBe(0);
      }
    },
  );

  it("serves the game on 2567 with a health check, and keeps Redis under a profile", () => {
    const compose = readFileSync(`${root}docker-compose.yml`, "utf8");
    expect(compose).toMatch(/"2567:2567"/);
    expect(compose).toMatch(/healthcheck:[\s\S]*\/healthz/);
    expect(compose).toMatch(/redis:[\s\S]*profiles: \["scale"\]/);
  });

  it.skipIf(!hasDockerCompose)(
    "runs two replicas over Redis and PostgreSQL behind nginx in the scale profile, each service health-checked",
    () => {
      const result = spawnSync("docker-compose", ["--profile", "scale", "config"], { cwd: root, encoding: "utf8" });
      const config = result.stdout;
      for (const service of ["game-1", "game-2", "proxy", "redis", "postgres", "prometheus"]) {
        const block = config.split(/\n {2}(?=[a-z0-9-]+:\n)/).find((b) => b.startsWith(`${service}:`));
        expect(block, service).toBeDefined();
        expect(block, `${service} has a health check`).toMatch(/healthcheck:/);
      }
      expect(config).toMatch(/PUBLIC_ADDRESS: localhost:8080\/g1/);
      expect(config).toMatch(/PUBLIC_ADDRESS: localhost:8080\/g2/);
      expect(config).toMatch(/DATABASE_URL: postgres:\/\/habibka:habibka@postgres:5432\/habibka/);
      expect(config).toMatch(/habibka-postgres:\/var\/lib\/postgresql\/data/);
      const nginx = readFileSync(`${root}deploy/nginx.conf`, "utf8");
      expect(nginx).toMatch(/location \/g1\/ \{\s*proxy_pass http:\/\/game-1:2567\/;/);
      expect(nginx).toMatch(/location \/g2\/ \{\s*proxy_pass http:\/\/game-2:2567\/;/);
      expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade/);
    },
  );

  it.skipIf(!hasDockerCompose)(
    "has Prometheus scrape every replica's /metrics with the token they require, which the proxy never serves",
    () => {
      const config = spawnSync("docker-compose", ["--profile", "scale", "config"], {
        cwd: root,
        encoding: "utf8",
      }).stdout;
      expect(config.match(/METRICS_TOKEN: \S+/g)?.length).toBeGreaterThanOrEqual(3);
      expect(config).toMatch(/deploy\/prometheus\.yml:\/etc\/prometheus\/prometheus\.yml:ro/);
      const prometheus = readFileSync(`${root}deploy/prometheus.yml`, "utf8");
      expect(prometheus).toMatch(/targets: \["game-1:2567", "game-2:2567"\]/);
      expect(prometheus).toMatch(/credentials_file: \/prometheus\/metrics-token/);
      const nginx = readFileSync(`${root}deploy/nginx.conf`, "utf8");
      expect(nginx).toMatch(/location = \/metrics \{[^}]*return 403/);
      const dashboard = JSON.parse(readFileSync(`${root}deploy/grafana-dashboard.json`, "utf8")) as {
        panels: { targets: { expr: string }[] }[];
      };
      const queried = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)).join("\n");
      const watched = [
        "habibka_shot_broadcast_seconds_bucket",
        "habibka_tables",
        "habibka_joins_refused_total",
        "habibka_heap_live_bytes",
      ];
      for (const metric of watched) {
        expect(queried).toContain(metric);
      }
    },
  );

  it("builds on an official Node 24 image in several stages", () => {
    const dockerfile = readFileSync(`${root}Dockerfile`, "utf8");
    expect(dockerfile).toMatch(/ARG NODE_IMAGE=node:24/);
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(3);
  });
});
