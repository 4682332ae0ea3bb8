import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bytesToBase64, portableBase64 } from "../../src/shot/base64.ts";

describe("bytes as base64", () => {
  it("are the same text whichever encoder the runtime offers, for any bytes and any view into them", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70_000 }), fc.nat(), fc.nat(), (all, from, to) => {
        const start = all.length === 0 ? 0 : from % all.length;
        const view = all.subarray(start, start + (to % (all.length - start + 1)));
        const text = bytesToBase64(view);
        expect(text).toBe(portableBase64(view));
        expect(new Uint8Array(Buffer.from(text, "base64"))).toEqual(view);
      }),
      { seed: 5, numRuns: 200 },
    );
  });
});
