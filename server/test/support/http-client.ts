import { request } from "node:http";
import { expect } from "vitest";

/** Raw HTTP requests as a stranger sends them, and the JSON refusal every one of them must get. */

export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** A raw HTTP request from a chosen loopback address (the kernel accepts any 127.0.0.0/8 source). */
export function send(
  url: string,
  options: {
    method?: string;
    path: string;
    body?: string;
    headers?: Record<string, string>;
    from?: string | undefined;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(options.path, url);
    const req = request(
      target,
      {
        method: options.method ?? "GET",
        headers: { "Content-Type": "application/json", ...options.headers },
        localAddress: options.from,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

export const post = (url: string, path: string, body: unknown, from?: string) =>
  send(url, { method: "POST", path, body: JSON.stringify(body), from });

export function expectJsonError(answer: Answer, status: number, error?: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers["content-type"]).toMatch(/application\/json/);
  const body = JSON.parse(answer.body) as { error: string; message: string };
  if (error) expect(body.error).toBe(error);
  expect(body.message.length).toBeGreaterThan(0);
  expect(answer.body).not.toMatch(/\bat .*\(|\.ts:\d+|node_modules/);
}
