import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mountClientFiles } from "../src/http/client-files.ts";

describe("serving the built client", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), "habibka-dist-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Хабибка</title>");
    writeFileSync(join(dist, "assets", "index-a1b2c3.js"), "console.log(1)");
    writeFileSync(join(dist, "sw.js"), "self.addEventListener('fetch', () => {})");
    writeFileSync(join(dist, "workbox-2178cfdb.js"), "define([], () => {})");
    writeFileSync(join(dist, "manifest.webmanifest"), JSON.stringify({ name: "Хабибка онлайн", lang: "ru" }));
    const app = express();
    mountClientFiles(app, dist);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers an invite link /t/<code> with the page, revalidated on every load", async () => {
    const response = await fetch(`${base}/t/482913`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Хабибка");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect((await fetch(`${base}/`)).headers.get("cache-control")).toBe("no-cache");
  });

  it("answers the practice table's, a profile's and the leaderboard's addresses with the page", async () => {
    for (const address of ["/practice", "/p/acc_2", "/leaders"]) {
      const response = await fetch(`${base}${address}`);
      expect(response.status, address).toBe(200);
      expect(await response.text()).toContain("Хабибка");
      expect(response.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("caches the content-hashed assets for a year", async () => {
    const response = await fetch(`${base}/assets/index-a1b2c3.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  it("answers a table played in the page (/local/<id>) with the page, so a reload goes on with its match", async () => {
    const response = await fetch(`${base}/local/0b7f2a8e-3c1d-4e5f-9a6b-7c8d9e0f1a2b`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Хабибка");
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  it("never lets the service worker be cached, so a deploy reaches installed apps; Workbox's hashed runtime is", async () => {
    const sw = await fetch(`${base}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get("cache-control")).toBe("no-cache");
    expect(sw.headers.get("content-type")).toMatch(/javascript/);
    const runtime = await fetch(`${base}/workbox-2178cfdb.js`);
    expect(runtime.headers.get("cache-control")).toContain("immutable");
  });

  it("serves the web app manifest as application/manifest+json, revalidated", async () => {
    const response = await fetch(`${base}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.json()).toMatchObject({ lang: "ru" });
  });

  it("says how to build the client when there is none", async () => {
    const app = express();
    mountClientFiles(app, join(tmpdir(), "habibka-no-such-dist"));
    const bare = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => bare.once("listening", resolve));
    const address = bare.address();
    const response = await fetch(`http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/t/1`);
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/pnpm build/);
    await new Promise<void>((resolve) => bare.close(() => resolve()));
  });
});
