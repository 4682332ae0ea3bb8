// The shared shot's picture (GET /m/<id>/<n>.png): how long painting it holds the event loop, and how long
// the PNG encoding takes on libuv's thread pool, over every stroke of the golden format-1 record.
import { renderShotPicture } from "@habibka/server/http/shot-picture";
import { matchShots } from "@habibka/shared/match";
import { readGoldenRecord } from "@habibka/shared/testing/golden-records";

const { record } = readGoldenRecord("format-1-match.json");
const folded = matchShots(record);
if (!folded.ok) throw new Error(folded.error.message);
const shots = folded.value;
const paint: number[] = [];
const encode: number[] = [];
const sizes: number[] = [];
for (let round = 0; round < 3; round++) {
  for (const shot of shots) {
    const picture = await renderShotPicture({ shot, players: ["Анна", "Борис"], language: "ru" });
    // The first round warms Skia and the JIT up; the figures are the later rounds'.
    if (round === 0) continue;
    paint.push(picture.paintMs);
    encode.push(picture.encodeMs);
    sizes.push(picture.png.length);
  }
}
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const worst = (values: number[]) => sorted(values).at(-1)!;
console.log(`shot picture, ${paint.length} renders of the ${shots.length} strokes of the golden record:`);
console.log(
  `  painting (on the event loop): median ${median(paint).toFixed(1)} ms, worst ${worst(paint).toFixed(1)} ms`,
);
console.log(
  `  PNG encoding (thread pool):   median ${median(encode).toFixed(1)} ms, worst ${worst(encode).toFixed(1)} ms`,
);
console.log(`  PNG size: median ${(median(sizes) / 1024).toFixed(0)} KB`);
