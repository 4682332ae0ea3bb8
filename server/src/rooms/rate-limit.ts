/**
 * A token bucket: `burst` messages at once, refilled at `perSecond`. One per sender and message kind, so
 * that chat or aim floods are cut without touching shots (Colyseus's own per-second cap disconnects the
 * worst floods before they get here).
 */
export class TokenBucket {
  private readonly burst: number;
  private readonly perSecond: number;
  private tokens: number;
  private last: number;

  constructor(burst: number, perSecond: number, now: number) {
    this.burst = burst;
    this.perSecond = perSecond;
    this.tokens = burst;
    this.last = now;
  }

  take(now: number): boolean {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  isFull(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.burst;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
  }
}
