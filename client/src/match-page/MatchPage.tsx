import { drawGhostStrokes, ghostStroke } from "@habibka/painter";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { gameServerEndpoint } from "../net/endpoint.ts";
import type { GhostLayer } from "../table/TableCanvas.tsx";
import { withComputerSeatName } from "../ui/computer-name.ts";
import AnalysisPanel, { MarkWord } from "./AnalysisPanel.tsx";
import { ghostsOf } from "./analysis-data.ts";
import { MatchPlayer } from "./MatchPlayer.tsx";
import { fetchMatchPage, type MatchPageData, matchPath, type PageShot, scoreAfter } from "./match-data.ts";
import { matchTimes } from "./match-times.ts";
import { markOf } from "./timeline.ts";
import { useMatchAnalysis } from "./use-match-analysis.ts";

/**
 * `/m/<id>` and `/m/<id>/<n>`: one match from its record, finished or live. The players, the result, the
 * score after every shot and the whole match played back shot by shot; a live match is read again every few
 * seconds and followed. Each shot has a link to share and a download as a `habibka-sim` scenario.
 */

interface Props {
  readonly id: string;
  readonly shot: number | null;
  readonly onLobby: () => void;
  readonly onTable: (code: string) => void;
  /** Opens a player's profile (the opponent's, from this match). */
  readonly onProfile: (id: string) => void;
}

// What its two players may do about each other (friends, a rematch) loads after the match itself.
const OpponentActions = lazy(() => import("../account/OpponentActions.tsx"));

/** How often a live match is read again: less than a shot takes to play; an unchanged match costs a 304 without a body. */
const LIVE_POLL_MS = 3_000;

type Loaded =
  | { readonly kind: "loading" }
  | { readonly kind: "missing" }
  | { readonly kind: "failed" }
  | { readonly kind: "ready"; readonly data: MatchPageData };

export default function MatchPage({ id, shot, onLobby, onTable, onProfile }: Props) {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  const [shown, setShown] = useState<number | null>(shot);
  // The shot chosen here (the link's, or one picked from the list) for the player to go to; what the player
  // shows by itself comes back through \`onShown\` and only marks the list, so it can never pull him back.
  const [chosen, setChosen] = useState<number | null>(shot);
  const [copied, setCopied] = useState<"" | "copied" | "failed">("");
  const etag = useRef<string | null>(null);
  const live = loaded.kind === "ready" && loaded.data.result === null;
  const analysable = loaded.kind === "ready" && !live && loaded.data.shots.some((s) => s.message.kind === "shot");
  const analysis = useMatchAnalysis(id, analysable);
  const [ghostsShown, setGhostsShown] = useState(false);
  const strokes = useMemo(
    () =>
      new Map(analysis.state.kind === "done" ? analysis.state.analysis.shots.map((s) => [s.number, s] as const) : []),
    [analysis.state],
  );

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      const answer = await fetchMatchPage(gameServerEndpoint(), id, etag.current);
      if (stopped) return;
      let again = false;
      if (answer.kind === "found") {
        etag.current = answer.etag;
        setLoaded({ kind: "ready", data: answer.data });
        again = answer.data.result === null;
      } else if (answer.kind === "missing") setLoaded({ kind: "missing" });
      else if (answer.kind === "failed") {
        setLoaded((before) => (before.kind === "ready" ? before : { kind: "failed" }));
        again = true;
      } else again = true;
      if (again) timer = setTimeout(read, LIVE_POLL_MS);
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id]);

  const onShown = useCallback(
    (number: number) => {
      setShown(number);
      setCopied("");
      const path = matchPath(id, number);
      if (window.location.pathname !== path) window.history.replaceState(null, "", path);
    },
    [id],
  );

  useEffect(() => {
    if (loaded.kind !== "ready") return;
    const [a, b] = withComputerSeatName(loaded.data.players, loaded.data.computerLevel, t);
    document.title = `${a || "—"} — ${b || "—"} · ${t("app.title")}`;
  }, [loaded, t]);

  // The shot shown and the computer's best drawn over its table, while the viewer asks for them.
  const shownShot = loaded.kind === "ready" ? loaded.data.shots.find((s) => s.message.number === shown) : undefined;
  const ghosts = useMemo(() => {
    if (!ghostsShown || !shownShot) return null;
    const stroke = strokes.get(shownShot.message.number);
    const percent = (x: number) => `${Math.round(x * 100)} %`;
    const inputs = ghostsOf(shownShot, stroke, {
      played: t("analysis.ghostPlayed", { chance: percent(stroke?.played.chance ?? 0) }),
      best: t("analysis.ghostBest", { chance: percent(stroke?.best.chance ?? 0) }),
    });
    const drawn = inputs?.flatMap((input) => ghostStroke(input) ?? []) ?? [];
    if (drawn.length === 0) return null;
    const layer: GhostLayer = {
      count: drawn.length,
      paint: (ctx, viewport, balls) => drawGhostStrokes(ctx, viewport, drawn, balls),
    };
    return layer;
  }, [ghostsShown, shownShot, strokes, t]);
  const analysed = useCallback(
    (number: number) => {
      const stroke = strokes.get(number);
      return stroke ? { mark: stroke.mark, word: t(`analysis.marks.${stroke.mark}`) } : null;
    },
    [strokes, t],
  );

  if (loaded.kind === "loading") return <p className="match-page-status">{t("replay.loading")}</p>;

  /** On a phone the analysis is below the table: what it asks to see is brought into view. */
  const showTable = () =>
    document.querySelector(".match-stage")?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  if (loaded.kind === "missing" || loaded.kind === "failed") {
    return (
      <div className="match-page-status" role="alert" data-testid="match-missing">
        <p>{t(loaded.kind === "missing" ? "replay.missing" : "replay.failed")}</p>
        <button type="button" onClick={onLobby}>
          {t("app.back")}
        </button>
      </div>
    );
  }

  const data = { ...loaded.data, players: withComputerSeatName(loaded.data.players, loaded.data.computerLevel, t) };
  const [name0, name1] = data.players;
  const result = data.result;
  const finalScore = scoreAfter(data.shots, data.shots.length - 1);
  const times = matchTimes(data.startedAt, result?.finishedAt ?? null, i18n.language);

  async function copyLink(number: number) {
    const link = `${window.location.origin}${matchPath(id, number)}`;
    try {
      await navigator.clipboard.writeText(link);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  }

  const actions = (s: PageShot) => (
    <>
      <button type="button" data-testid="copy-link" onClick={() => void copyLink(s.message.number)}>
        {t("replay.copyLink")}
      </button>
      {s.message.kind === "shot" && (
        <a
          className="button"
          data-testid="download-scenario"
          href={`${gameServerEndpoint()}/api/matches/${id}/shots/${s.message.number}/scenario.json`}
          download={`habibka-${data.code}-shot-${s.message.number}.json`}
          title={t("replay.downloadTitle")}
        >
          {t("replay.download")}
        </a>
      )}
      {copied && (
        <span className="hint" role="status" data-testid="copy-status">
          {t(copied === "copied" ? "replay.copied" : "replay.copyFailed")}
        </span>
      )}
    </>
  );

  return (
    <div className="match-page" data-testid="match-page" data-match-id={id} data-live={live ? "true" : "false"}>
      <header className="match-head">
        <h2>
          <span data-testid="match-player-0">{name0 || "—"}</span>{" "}
          <span className="score" data-testid="match-final-score">
            {finalScore[0]} : {finalScore[1]}
          </span>{" "}
          <span data-testid="match-player-1">{name1 || "—"}</span>
        </h2>
        <div className="status" data-testid="match-status">
          {live ? (
            <>
              {/* The state and the way to the table apart: a sentence, then a button, never read as one. */}
              <span className="live-state" data-testid="match-live">
                <span className="live-dot" aria-hidden="true">
                  ●
                </span>{" "}
                {t("replay.live")}
              </span>
              <button
                type="button"
                className="to-table"
                data-testid="match-to-table"
                onClick={() => onTable(data.code)}
              >
                {t("replay.toTable")}
              </button>
            </>
          ) : result?.winner === 0 || result?.winner === 1 ? (
            <span>{`${t("replay.finished")}: ${t("replay.won", { name: data.players[result.winner] || "—" })} (${t(`replay.ended.${result.reason}`, { defaultValue: result.reason })})`}</span>
          ) : (
            <span>{`${t("replay.finished")}: ${t("replay.noWinner")}`}</span>
          )}
        </div>
        {(times.start || times.end) && (
          <p className="match-times" data-testid="match-times">
            {times.start && (
              <time dateTime={new Date(data.startedAt).toISOString()} data-testid="match-start">
                {t("replay.startedAt", { time: times.start })}
              </time>
            )}
            {times.start && times.end && " · "}
            {times.end && result && (
              <time dateTime={new Date(result.finishedAt).toISOString()} data-testid="match-end">
                {t("replay.finishedAt", { time: times.end })}
              </time>
            )}
          </p>
        )}
        <Suspense fallback={null}>
          <OpponentActions matchId={id} onProfile={onProfile} />
        </Suspense>
      </header>
      <MatchPlayer
        shots={data.shots}
        names={data.players}
        startAt={chosen}
        live={live}
        onShown={onShown}
        actions={actions}
        analysed={analysed}
        ghosts={ghosts}
      />
      {analysable && (
        <AnalysisPanel
          data={data}
          state={analysis.state}
          onAsk={analysis.ask}
          shown={shown}
          onChoose={(number) => {
            setShown(number);
            setChosen(number);
            showTable();
          }}
          ghostsShown={ghostsShown}
          onGhosts={(on) => {
            setGhostsShown(on);
            if (on) showTable();
          }}
        />
      )}
      <section className="match-shots card">
        <h3>{t("replay.shots")}</h3>
        <p className="hint marks-legend">
          {(["foul", "bonus", "scored"] as const).map((mark) => (
            <span key={mark}>
              <span className={`mark mark-${mark}`} /> {t(`replay.marks.${mark}`)}
            </span>
          ))}
        </p>
        <ol data-testid="match-shot-list">
          {data.shots.map((s, i) => {
            const score = scoreAfter(data.shots, i);
            const who = s.message.kind === "lag" ? t("log.lag") : (data.players[s.message.seat] ?? "—");
            const mark = markOf(s.message);
            const judged = strokes.get(s.message.number);
            return (
              <li key={`${s.message.kind}-${s.message.number}`} className={s.message.number === shown ? "current" : ""}>
                <span className={`mark mark-${mark}`} title={t(`replay.marks.${mark}`)} />
                <a
                  href={matchPath(id, s.message.number)}
                  onClick={(event) => {
                    event.preventDefault();
                    setShown(s.message.number);
                    setChosen(s.message.number);
                  }}
                >
                  {t("log.entry", { number: s.message.number, name: who })}
                </a>{" "}
                <span className="score">
                  {score[0]} : {score[1]}
                </span>
                {judged && (
                  <>
                    {" "}
                    <MarkWord mark={judged.mark} />
                  </>
                )}
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
