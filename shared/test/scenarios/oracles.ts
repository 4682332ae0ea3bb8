import type { CalledBall } from "../../src/rules/call.ts";
import type { ShotEvent } from "../../src/shot/shot-events.ts";
import { POCKETS, type PocketId } from "../../src/table/pockets.ts";

/**
 * Independent readings of the rules, written from docs/rules/interpretation.md alone (not from the rules engine), to
 * check the engine against on real shots. They read only the physics' event log.
 */

type Indexed = { readonly e: ShotEvent; readonly i: number };

const half = (x: number): -1 | 0 | 1 => (x < 0 ? -1 : x > 0 ? 1 : 0);

/** Index of the cue ball's first contact with another ball (I14), or −1 for a miss. */
function firstCollision(events: readonly ShotEvent[], cue: number): number {
  return events.findIndex((e) => e.type === "collision" && (e.a === cue || e.b === cue));
}

/**
 * Clause 3 (a–i) with I6, I14 and I23: every link after the first collision and after the previous link,
 * links not necessarily consecutive, any ball carrying a chain, "another cushion" a different segment.
 * Returns the conditions that hold, in clause order; null for a miss.
 */
export function safetyConditions(events: readonly ShotEvent[], cue: number): string[] | null {
  const f = firstCollision(events, cue);
  if (f < 0) return null;
  const after: Indexed[] = events.map((e, i) => ({ e, i })).filter((x) => x.i > f);
  const cushions = (ball: number, from: number) =>
    after.flatMap((x) => (x.i > from && x.e.type === "cushion" && x.e.ball === ball ? [{ ...x.e, i: x.i }] : []));
  const crossings = (ball: number, from: number) =>
    after.filter((x) => x.i > from && x.e.type === "centre-line" && x.e.ball === ball);
  const hits = (ball: number, from: number) =>
    after.flatMap((x) =>
      x.i > from && x.e.type === "collision" && (x.e.a === ball || x.e.b === ball)
        ? [{ i: x.i, other: x.e.a === ball ? x.e.b : x.e.a, otherX: x.e.a === ball ? x.e.bx : x.e.ax }]
        : [],
    );
  const holds = new Set<string>();
  if (after.some((x) => x.e.type === "pocket")) holds.add("a");
  for (const x of after) {
    if (x.e.type !== "in-mouth" || x.e.moved === false) continue;
    const { ball, pocket } = x.e;
    const jaws = new Set(
      events.flatMap((e) => (e.type === "cushion" && e.ball === ball && e.jaw === pocket ? [e.cushion] : [])),
    );
    if (!POCKETS[pocket].adjacent.every((s) => jaws.has(s))) holds.add("b");
  }
  const actors = new Set<number>();
  for (const e of events) {
    if (e.type === "collision") {
      actors.add(e.a);
      actors.add(e.b);
    } else if (e.type !== "strike") actors.add(e.ball);
  }
  for (const x of actors) {
    for (const c of cushions(x, f)) {
      if (cushions(x, c.i).some((d) => d.cushion !== c.cushion)) holds.add("c");
      if (crossings(x, c.i).length > 0) holds.add("e");
      for (const h of hits(x, c.i)) {
        if (cushions(h.other, h.i).some((d) => d.cushion !== c.cushion)) holds.add("d");
        if (crossings(h.other, h.i).length > 0) holds.add("f");
        if (half(c.x) !== 0 && half(h.otherX) === -half(c.x)) holds.add("f");
      }
    }
    for (const c of crossings(x, f)) {
      if (cushions(x, c.i).length > 0) holds.add("g");
      for (const h of hits(x, c.i)) {
        if (cushions(h.other, h.i).length > 0) holds.add("h");
        for (const k of hits(h.other, h.i)) {
          if (k.other !== x && k.other !== h.other && cushions(k.other, k.i).length > 0) holds.add("i");
        }
      }
    }
  }
  return [...holds].sort();
}

/**
 * Clauses 6–9 with I8–I13 for a shot that is not a foul, outside the opening shot and last-ball play: the
 * white balls that score, in drop order, and whether a bonus shot is earned.
 */
export function scoring(
  events: readonly ShotEvent[],
  cue: number,
  call: readonly CalledBall[],
): { scored: number[]; bonus: boolean } {
  const f = firstCollision(events, cue);
  const first = events[f];
  const firstBall = first?.type === "collision" ? (first.a === cue ? first.b : first.a) : null;
  const drops = events.flatMap((e, i) => (e.type === "pocket" ? [{ ball: e.ball, pocket: e.pocket, i }] : []));
  const way = (ball: number, pocket: PocketId, at: number) =>
    events.some(
      (e, i) =>
        i < at &&
        e.type === "cushion" &&
        e.ball === ball &&
        !(POCKETS[pocket].adjacent as readonly string[]).includes(e.cushion),
    )
      ? "bank"
      : "direct";
  const straightFlying = (ball: number, pocket: PocketId, at: number) => {
    if (f < 0 || at < f || (ball !== cue && ball !== firstBall)) return false;
    return events
      .slice(f + 1, at)
      .every((e) =>
        e.type === "cushion"
          ? e.ball !== ball || e.jaw === pocket
          : e.type !== "collision" || (e.a !== ball && e.b !== ball),
      );
  };
  const asCalled = (c: CalledBall) => {
    const d = drops.find((x) => x.ball === c.ball);
    return d !== undefined && d.pocket === c.pocket && way(c.ball, c.pocket, d.i) === c.way;
  };
  const fulfilled = call.length > 0 && call.every(asCalled);
  const scored: number[] = [];
  let others = 0;
  let bank = false;
  for (const d of drops) {
    if (d.ball === 0) continue;
    const own = call.find((c) => c.ball === d.ball);
    const scores = call.length === 0 ? straightFlying(d.ball, d.pocket, d.i) : own !== undefined && fulfilled;
    if (scores) {
      scored.push(d.ball);
      if (own?.way === "bank") bank = true;
    } else others++;
  }
  return { scored, bonus: bank || scored.length >= 2 || (scored.length > 0 && others > 0) };
}
