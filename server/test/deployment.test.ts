import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const hasDockerCompose = spawnSync("docker-compose", ["--version"]).status === 0;

describe("deployment files", () => {
  // CI installs Debian's docker-compose (v1) only to validate the file; no Docker engine runs here.
  it.skipIf(!hasDockerCompose)("docker-compose.yml is valid (docker-compose config -q)", () => {
    const result = spawnSync("docker-compose", ["config", "-q"], { cwd: root, encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it("serves the game on 2567 with a health check, and keeps Redis under a profile", () => {
    const compose = readFileSync(`${root}docker-compose.yml`, "utf8");
    expect(compose).toMatch(/"2567:2567"/);
    expect(compose).toMatch(/healthcheck:[\s\S]*\/healthz/);
    expect(compose).toMatch(/redis:[\s\S]*profiles: \["scale"\]/);
  });

  it("builds on an official Node 24 image in several stages", () => {
    const dockerfile = readFileSync(`${root}Dockerfile`, "utf8");
    expect(dockerfile).toMatch(/ARG NODE_IMAGE=node:24/);
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(3);
  });
});
