import type { Logger } from "../logger.ts";

/**
 * Warnings that outsiders can cause (bad requests, stalled bodies, hang-ups) reach the log at a bounded
 * rate: up to `perWindow` lines in each window, then one line that counts what was left out, so a flood
 * costs the disk a few lines a minute, however fast it comes.
 */
export class LogBudget {
  private windowStart = 0;
  private written = 0;
  private suppressed = 0;
  private readonly logger: Logger;
  private readonly perWindow: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(logger: Logger, perWindow: number, windowMs: number, now: () => number = Date.now) {
    this.logger = logger;
    this.perWindow = perWindow;
    this.windowMs = windowMs;
    this.now = now;
  }

  warn(fields: Record<string, unknown>, message: string): void {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      if (this.suppressed > 0) {
        this.logger.warn({ suppressed: this.suppressed, windowMs: this.windowMs }, "warnings left out of the log");
      }
      this.windowStart = now;
      this.written = 0;
      this.suppressed = 0;
    }
    if (this.written < this.perWindow) {
      this.written++;
      this.logger.warn(fields, message);
    } else this.suppressed++;
  }
}
