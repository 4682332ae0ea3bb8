/**
 * Bytes as base64 with the platform's own `btoa`, the same in Node and in a browser (a server's `Buffer`
 * and a page's worker write the same text for the same trace).
 */
export function bytesToBase64(bytes: Uint8Array): string {
  // In slices: String.fromCharCode takes its arguments on the stack.
  const SLICE = 0x8000;
  let binary = "";
  for (let i = 0; i < bytes.length; i += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  }
  return btoa(binary);
}
