// `pnpm icons`: draws the installed app's icons into client/public/icons/ (committed; run again when the
// drawing changes). One drawing, a corner of the table: the cloth, a corner pocket, an ivory ball and the
// coloured ball, in the painter's own colours (painter/src/draw-table.ts). The plain icons are a rounded
// square on a clear ground; the maskable ones fill their square with the cloth and keep the drawing inside
// the central circle (80% of the side) that every platform's mask leaves whole; Apple's touch icon is a full
// square (iOS rounds it itself).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";

const OUT = fileURLToPath(new URL("../client/public/icons/", import.meta.url));
const COLOURS = {
  ground: "#10151a",
  rail: "#5b3417",
  railEdge: "#3f220d",
  cloth: "#1d7a47",
  clothDark: "#14633a",
  pocket: "#0b0b0b",
  ivory: "#f4efe1",
  coloured: "#d9461f",
};

type Shape = "plain" | "maskable" | "apple";

function ball(g: SKRSContext2D, x: number, y: number, r: number, colour: string): void {
  g.fillStyle = "rgba(0, 0, 0, 0.35)";
  g.beginPath();
  g.ellipse(x + r * 0.18, y + r * 0.22, r, r * 0.92, 0, 0, Math.PI * 2);
  g.fill();
  const shade = g.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r);
  shade.addColorStop(0, "#ffffff");
  shade.addColorStop(0.25, colour);
  shade.addColorStop(1, colour === COLOURS.ivory ? "#c9c0a6" : "#8f2a10");
  g.fillStyle = shade;
  g.beginPath();
  g.arc(x, y, r, 0, Math.PI * 2);
  g.fill();
}

/** The drawing in a unit square [0, 1]², scaled by the caller. */
function scene(g: SKRSContext2D, shape: Shape): void {
  const cloth = g.createLinearGradient(0, 0, 1, 1);
  cloth.addColorStop(0, COLOURS.cloth);
  cloth.addColorStop(1, COLOURS.clothDark);
  if (shape === "plain") {
    // A rounded square with the rail round it.
    g.fillStyle = COLOURS.railEdge;
    g.beginPath();
    g.roundRect(0.04, 0.04, 0.92, 0.92, 0.2);
    g.fill();
    g.fillStyle = COLOURS.rail;
    g.beginPath();
    g.roundRect(0.06, 0.06, 0.88, 0.88, 0.18);
    g.fill();
    g.fillStyle = cloth;
    g.beginPath();
    g.roundRect(0.13, 0.13, 0.74, 0.74, 0.12);
    g.fill();
  } else {
    g.fillStyle = cloth;
    g.fillRect(0, 0, 1, 1);
  }
  // The drawing itself: inside the maskable safe circle (radius 0.4 round the centre) whatever the shape.
  g.fillStyle = COLOURS.pocket;
  g.beginPath();
  g.arc(0.68, 0.32, 0.085, 0, Math.PI * 2);
  g.fill();
  g.strokeStyle = "rgba(244, 239, 225, 0.55)";
  g.lineWidth = 0.018;
  g.setLineDash([0.035, 0.03]);
  g.beginPath();
  g.moveTo(0.3, 0.68);
  g.lineTo(0.6, 0.4);
  g.stroke();
  g.setLineDash([]);
  ball(g, 0.555, 0.445, 0.085, COLOURS.coloured);
  ball(g, 0.34, 0.64, 0.11, COLOURS.ivory);
}

function draw(size: number, shape: Shape): Buffer {
  const canvas = createCanvas(size, size);
  const g = canvas.getContext("2d");
  if (shape === "apple") {
    g.fillStyle = COLOURS.ground;
    g.fillRect(0, 0, size, size);
  }
  g.scale(size, size);
  scene(g, shape);
  return canvas.toBuffer("image/png");
}

mkdirSync(OUT, { recursive: true });
const icons: [string, number, Shape][] = [
  ["icon-192.png", 192, "plain"],
  ["icon-512.png", 512, "plain"],
  ["maskable-192.png", 192, "maskable"],
  ["maskable-512.png", 512, "maskable"],
  ["apple-touch-icon.png", 180, "apple"],
  ["favicon-32.png", 32, "plain"],
];
for (const [name, size, shape] of icons) {
  writeFileSync(join(OUT, name), draw(size, shape));
  console.log(`client/public/icons/${name}: ${size}×${size} ${shape}`);
}
