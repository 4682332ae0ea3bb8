import { createHash } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { openingBreak, simulate } from "@habibka/shared/physics";
const db = new DatabaseSync("/tmp/ltdata-new3000/h.sqlite", { readOnly: true });
const rows = db.prepare("select action, played from record_actions where type = 'shot' and played is not null limit 4000 offset 2000").all() as { action: string; played: string }[];
const inputs = rows.map((r) => { const a = JSON.parse(r.action); const p = JSON.parse(r.played); return { balls: p.before, strokes: a.type === "lag" ? null : [a.stroke], trace: true }; }).filter((i) => i.strokes) as never[];
for (let s = 1; s <= 200; s++) (inputs as unknown[]).push(openingBreak(4 + (s % 5), s, true));
const hash = createHash("sha256");
for (const i of inputs) { const r = simulate(i); hash.update(JSON.stringify([r.events, r.rest, r.trace])); }
for (const e of ["exact", "planck"] as const) { const r = simulate(openingBreak(7, 9, true), e); hash.update(JSON.stringify([r.events, r.rest, r.trace])); }
console.log("digest", hash.digest("hex").slice(0, 16), inputs.length);
const t0 = process.threadCpuUsage();
for (let k = 0; k < 2; k++) for (const i of inputs) simulate(i);
const t = process.threadCpuUsage(t0);
console.log("µs/shot", ((t.user + t.system) / 2 / inputs.length).toFixed(0));
