import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { MatchShot } from "@habibka/shared/match";
import { readUntrusted } from "@habibka/shared/protocol";
import type { Application, Request, Response } from "express";
import { z } from "zod";
import type { Logger } from "../logger.ts";
import { DEFAULT_PICTURE_LIMITS, type PictureLimits } from "../rate-limits.ts";
import { refuse, refusePage } from "./http-refusals.ts";
import { MatchId, type MatchViews, ShotNumber, type ShownMatch, shotOf } from "./match-views.ts";
import { leadSentence, PICTURE_HEIGHT, PICTURE_WIDTH, type PictureInput, renderShotPicture } from "./shot-picture.ts";

/**
 * The match pages: `/m/<id>` (a match) and `/m/<id>/<n>` (the match at shot n) are the web client's routes,
 * served as its index.html with an Open Graph head of their own (title, the verdict's first sentence, the
 * shot's picture), so that a link unfurls in a messenger while the page still boots the client.
 * `/m/<id>/<n>.png` is that picture. A bad id or number is a 400, an unknown match or shot a 404: in JSON, or,
 * to a browser asking for a page, the client with that status (it shows that there is no such match).
 */

const Language = z.enum(["ru", "en"]).default("ru");

/** Draws shot pictures a few at a time, keeps the latest in memory, and refuses when too many wait. */
export class ShotPictures {
  private readonly limits: PictureLimits;
  private readonly kept = new Map<string, Buffer>();
  private keptBytes = 0;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(limits: PictureLimits = DEFAULT_PICTURE_LIMITS) {
    this.limits = limits;
  }

  /** The picture's PNG, or null when the line is full. */
  async picture(key: string, input: PictureInput): Promise<Buffer | null> {
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    if (this.running >= this.limits.concurrent) {
      if (this.waiting.length >= this.limits.queued) return null;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    try {
      const { png } = await renderShotPicture(input);
      this.keep(key, png);
      return png;
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private keep(key: string, png: Buffer): void {
    if (png.length > this.limits.cacheBytes) return;
    this.kept.set(key, png);
    this.keptBytes += png.length;
    while (this.keptBytes > this.limits.cacheBytes) {
      const [oldest, bytes] = this.kept.entries().next().value!;
      this.kept.delete(oldest);
      this.keptBytes -= bytes.length;
    }
  }
}

export interface MatchPagesOptions {
  readonly views: MatchViews;
  readonly pictures: ShotPictures;
  readonly clientDist: string;
  readonly trustProxy: boolean;
  readonly logger: Logger;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The site's own address for absolute links in the head: the Host the client used, if it is a host name. */
function origin(req: Request, trustProxy: boolean): string | null {
  const host = req.headers.host ?? "";
  if (!/^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host)) return null;
  const forwarded = trustProxy
    ? String(req.headers["x-forwarded-proto"] ?? "")
        .split(",")[0]
        ?.trim()
    : "";
  const protocol = forwarded === "https" || forwarded === "http" ? forwarded : "http";
  return `${protocol}://${host}`;
}

function playerNames(view: ShownMatch): string {
  const [a, b] = view.match.players;
  return `${a ?? "—"} — ${b ?? "—"}`;
}

/**
 * A shot page's description: the verdict's lead sentence in Russian (for a foul, the one saying the foul),
 * with the players' names, in the words of the shared verdict catalogue, so a shared link says what the
 * match page itself shows for that shot.
 */
export function shotDescription(shot: MatchShot, players: readonly (string | null)[]): string {
  return leadSentence(shot, players, "ru");
}

interface PageHead {
  readonly title: string;
  readonly description: string;
  readonly path: string;
  readonly picture: string | null;
}

function headOf(view: ShownMatch, shot: MatchShot | undefined): PageHead {
  const id = view.match.id;
  const result = view.match.result;
  const lastScore = view.shots.at(-1)?.score ?? (result ? result.shelves : null);
  const score = lastScore ? ` · ${lastScore[0]}:${lastScore[1]}` : "";
  if (shot) {
    return {
      title: `Удар ${shot.played.number} · ${playerNames(view)} ${shot.score[0]}:${shot.score[1]} · Хабибка онлайн`,
      description: shotDescription(shot, view.match.players),
      path: `/m/${id}/${shot.played.number}`,
      picture: `/m/${id}/${shot.played.number}.png`,
    };
  }
  const last = view.shots.at(-1);
  return {
    title: `${playerNames(view)}${score} · Хабибка онлайн`,
    description: result
      ? "Партия в хабибку: вся игра удар за ударом."
      : "Партия в хабибку идёт: смотрите удар за ударом.",
    path: `/m/${id}`,
    picture: last ? `/m/${id}/${last.played.number}.png` : null,
  };
}

/** index.html with the page's title, description and Open Graph tags in its head. */
function pageHtml(index: string, head: PageHead, site: string | null): string {
  const absolute = (path: string) => (site ? `${site}${path}` : path);
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Хабибка онлайн" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(absolute(head.path))}" />`,
    ...(head.picture
      ? [
          `<meta property="og:image" content="${escapeHtml(absolute(head.picture))}" />`,
          `<meta property="og:image:width" content="${PICTURE_WIDTH}" />`,
          `<meta property="og:image:height" content="${PICTURE_HEIGHT}" />`,
          `<meta name="twitter:card" content="summary_large_image" />`,
        ]
      : []),
  ].join("\n    ");
  return index
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace("</head>", `    ${tags}\n  </head>`);
}

export function mountMatchPages(app: Application, options: MatchPagesOptions): void {
  const { views, pictures } = options;
  let index: string | null = null;
  try {
    index = readFileSync(join(options.clientDist, "index.html"), "utf8");
  } catch {
    // Not built: the routes below say so, as the other client routes do.
  }

  async function page(req: Request, res: Response, shotText: string | undefined): Promise<void> {
    if (!readUntrusted(MatchId, req.params.id).ok)
      return refusePage(req, res, index, 400, "bad-id", "a match id is a UUID, as in the match's link");
    let number: number | undefined;
    if (shotText !== undefined) {
      const parsed = readUntrusted(ShotNumber, shotText);
      if (!/^\d+$/.test(shotText) || !parsed.ok) {
        return refusePage(
          req,
          res,
          index,
          400,
          "bad-shot",
          "a shot number is a whole number, as the shot log shows it",
        );
      }
      number = parsed.value;
    }
    const view = await views.get(req.params.id as string);
    if (!view) return refusePage(req, res, index, 404, "not-found", "no match with this id");
    const shot = number === undefined ? undefined : shotOf(view, number);
    if (number !== undefined && !shot) {
      return refusePage(req, res, index, 404, "no-such-shot", `the match has no shot ${number}`);
    }
    if (index === null) {
      res.status(503).type("text/plain").send("The web client is not built: run `pnpm build` (or `pnpm start`).");
      return;
    }
    res.setHeader("Cache-Control", "no-cache");
    res.type("html").send(pageHtml(index, headOf(view, shot), origin(req, options.trustProxy)));
  }

  async function picture(req: Request, res: Response, shotText: string): Promise<void> {
    if (!readUntrusted(MatchId, req.params.id).ok)
      return refuse(res, 400, "bad-id", "a match id is a UUID, as in the match's link");
    const parsed = readUntrusted(ShotNumber, shotText);
    if (!/^\d+$/.test(shotText) || !parsed.ok) {
      return refuse(res, 400, "bad-shot", "a shot number is a whole number, as the shot log shows it");
    }
    const language = readUntrusted(Language, req.query.lang);
    if (!language.ok || Object.keys(req.query).some((k) => k !== "lang")) {
      return refuse(res, 400, "bad-query", 'lang: "ru" or "en", and nothing else');
    }
    const view = await views.get(req.params.id as string);
    if (!view) return refuse(res, 404, "not-found", "no match with this id");
    const shot = shotOf(view, parsed.value);
    if (!shot) return refuse(res, 404, "no-such-shot", `the match has no shot ${parsed.value}`);
    const key = `${view.match.id}/${parsed.value}/${language.value}`;
    const png = await pictures.picture(key, { shot, players: view.match.players, language: language.value });
    if (!png) {
      return refuse(res, 503, "busy", "too many pictures are being drawn; try again shortly", { "Retry-After": "2" });
    }
    // A played shot never changes: its picture may be kept as long as anyone likes.
    res.setHeader("Cache-Control", "public, max-age=86400, immutable");
    res.type("png").send(png);
  }

  app.get("/m/:id", (req, res, next) => page(req, res, undefined).catch(next));
  app.get("/m/:id/:shot", (req, res, next) => {
    const shot = String(req.params.shot);
    const handled = shot.endsWith(".png") ? picture(req, res, shot.slice(0, -4)) : page(req, res, shot);
    handled.catch(next);
  });
}
