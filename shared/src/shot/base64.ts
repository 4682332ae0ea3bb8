/** What the runtimes offer for base64, where they offer it (TypeScript's library does not know them all yet). */
interface NativeBase64 {
  /** Browsers from 2025 (and Node once its V8 has it). */
  toBase64?: (this: Uint8Array) => string;
}
interface NodeBuffer {
  from(buffer: ArrayBufferLike, byteOffset: number, length: number): { toString(encoding: "base64"): string };
}

/**
 * Bytes as base64: the runtime's own encoder where it has one (Uint8Array's `toBase64`, Node's `Buffer`),
 * else `btoa` over the bytes as a binary string. Every way writes the same text for the same bytes; the
 * server encodes a trace for every shot it broadcasts, and `btoa` over a binary string costs it ten times
 * what `Buffer` does.
 */
export function bytesToBase64(bytes: Uint8Array): string {
  const native = (bytes as NativeBase64).toBase64;
  if (native) return native.call(bytes);
  const buffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;
  if (buffer) return buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
  return portableBase64(bytes);
}

/** `btoa` over the bytes as a binary string: what any browser can do. */
export function portableBase64(bytes: Uint8Array): string {
  // In slices: String.fromCharCode takes its arguments on the stack.
  const SLICE = 0x8000;
  let binary = "";
  for (let i = 0; i < bytes.length; i += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  }
  return btoa(binary);
}
