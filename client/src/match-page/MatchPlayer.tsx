import { drawingOfShot } from "@habibka/painter";
import { decodeTrace } from "@habibka/shared";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { base64ToBytes, buildAnimation, type ShotAnimation } from "../game/shot-animation.ts";
import { EMPTY_OVERLAY } from "../table/draw-overlay.ts";
import { useLagMarks } from "../table/lag-marks.ts";
import { type GhostLayer, type PlaybackFrame, TableCanvas, type VerdictLayer } from "../table/TableCanvas.tsx";
import { legendLines } from "../ui/drawing-text.ts";
import { drawingWanted, rememberDrawing } from "../ui/use-verdict-layer.ts";
import { isFoulShot, verdictText } from "../ui/verdict-text.ts";
import { type PageShot, type SeatNames, scoreAfter } from "./match-data.ts";
import { formatSeconds } from "./match-times.ts";
import { type ShotJudgement, ShotMarks } from "./ShotMarks.tsx";
import { nextSpeed, ShotClock, SPEEDS, type Speed } from "./timeline.ts";

/**
 * A match played back shot by shot from its record: the table with each shot's animation and verdict
 * drawing, a scrubber over the match (each shot a mark, fouls and bonuses told apart), a scrubber within
 * the shot, play and pause, speeds 0.25×–4×, a shot back and forth, and the keys Space, ←/→, J/K/L. The
 * match page uses it, and so does a spectator going back over the shots at a live table. Following a live
 * match, it moves on to each new shot as it arrives until the viewer goes back; one click returns to live.
 */

interface Props {
  readonly shots: readonly PageShot[];
  readonly names: SeatNames;
  /** The shot to open at (its number); the latest when null or unknown. */
  readonly startAt: number | null;
  /** New shots may still arrive (the match is being played). */
  readonly live: boolean;
  /** Told the number of the shot shown, whenever it changes. */
  readonly onShown?: (number: number) => void;
  /** Extra controls for the shot shown (copy link, download). */
  readonly actions?: (shot: PageShot) => ReactNode;
  /** Leaves the player (a live table's spectator going back to the live view). */
  readonly onLeave?: () => void;
  /** The analysis' mark of a shot, by its number, shown on its scrubber mark (the match page). */
  readonly analysed?: ShotJudgement;
  /** Strokes to draw as ghosts over the shot's table at the stroke while paused (the match page's analysis). */
  readonly ghosts?: GhostLayer | null;
}

/** J and L move this far within the shot. */
const SEEK_SECONDS = 0.5;

function animationOf(shot: PageShot | undefined): ShotAnimation | null {
  const message = shot?.message;
  if (!message?.trace || message.before.length === 0) return null;
  try {
    return buildAnimation(message.before, decodeTrace(base64ToBytes(message.trace)), message.events, message.duration);
  } catch {
    return null;
  }
}

function indexOfNumber(shots: readonly PageShot[], number: number | null): number {
  const found = number === null ? -1 : shots.findIndex((s) => s.message.number === number);
  return found >= 0 ? found : shots.length - 1;
}

export function MatchPlayer({ shots, names, startAt, live, onShown, actions, onLeave, analysed, ghosts }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "en" ? "en" : "ru";
  const clockRef = useRef<ShotClock | null>(null);
  clockRef.current ??= new ShotClock(() => performance.now());
  const clock = clockRef.current;
  const [index, setIndex] = useState(() => indexOfNumber(shots, startAt));
  // The shot chosen last, ahead of the render that shows it: keys pressed faster than the page renders each
  // move one shot on from the last, not from the one still on the screen.
  const shownIndex = useRef(index);
  shownIndex.current = index;
  // Following: at the latest shot of a live match, moving on as new ones come.
  const [following, setFollowing] = useState(() => live && indexOfNumber(shots, startAt) === shots.length - 1);
  // Bumped whenever the clock is moved by hand or stops, so the table draws that moment.
  const [version, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((v) => v + 1), []);
  const [showDrawing, setShowDrawing] = useState(drawingWanted);
  const scrubberRef = useRef<HTMLInputElement>(null);
  const timeRef = useRef<HTMLSpanElement>(null);

  const shot = shots[index];
  // A shot is the same shot whatever object carries it: a live match's page reads the match again, and a
  // table's view maps its shots again on every render; neither may restart the shot being watched.
  const shotKey = shot ? `${shot.message.matchId}/${shot.message.kind}/${shot.message.number}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the shot by its key, not its object
  const animation = useMemo(() => animationOf(shot), [shotKey]);
  const length = animation?.duration ?? 0;

  // A new shot keeps play or pause and the speed: played, from the stroke; paused, at its verdict with the
  // whole drawing, which is what a shared link or a step back is looking for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the shot shown changes
  useEffect(() => {
    clock.load(length, clock.playing ? 0 : length);
    bump();
    if (shot) onShown?.(shot.message.number);
  }, [shotKey, length]);

  // A live match's new shot: followed at once (and played), unless the viewer went back.
  const latest = shots.length - 1;
  useEffect(() => {
    if (!following || latest < 0) return;
    setIndex((current) => {
      if (current !== latest) clock.play();
      return latest;
    });
  }, [following, latest, clock]);

  const go = useCallback(
    (to: number, keepPlaying = clock.playing) => {
      if (shots.length === 0) return;
      const next = Math.min(Math.max(to, 0), shots.length - 1);
      shownIndex.current = next;
      setFollowing(live && next === shots.length - 1);
      setIndex(next);
      if (!keepPlaying) clock.pause();
      bump();
    },
    [shots.length, live, clock, bump],
  );
  const step = useCallback((by: number, keepPlaying?: boolean) => go(shownIndex.current + by, keepPlaying), [go]);

  // Another shot chosen outside (the match page's list of shots).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the chosen shot changes
  useEffect(() => {
    if (startAt === null) return;
    const chosen = shots.findIndex((s) => s.message.number === startAt);
    if (chosen >= 0 && chosen !== index) go(chosen, false);
  }, [startAt]);

  // Play from a shot shown at its verdict plays that shot from the stroke, then the match on from there.
  const toggle = useCallback(() => {
    if (clock.playing) clock.pause();
    else clock.play();
    bump();
  }, [clock, bump]);

  const seek = useCallback(
    (time: number) => {
      clock.seek(time);
      bump();
    },
    [clock, bump],
  );

  const setSpeed = useCallback(
    (speed: Speed) => {
      clock.setSpeed(speed);
      bump();
    },
    [clock, bump],
  );

  // While playing: the scrubber follows the clock, the next shot follows the rest on a verdict.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version restarts the loop after a change
  useEffect(() => {
    let frame = 0;
    let wasStopped = clock.stopped();
    const tick = () => {
      const time = clock.time();
      if (scrubberRef.current) scrubberRef.current.value = String(time);
      if (timeRef.current) timeRef.current.textContent = formatSeconds(time, language);
      if (!clock.playing) return;
      if (clock.stopped() !== wasStopped) {
        wasStopped = clock.stopped();
        bump();
      }
      if (clock.over()) {
        if (index < shots.length - 1) {
          step(1, true);
          return;
        }
        clock.pause();
        bump();
        return;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [version, index, shots.length, language]);

  // The keys of a video player: Space/K play and pause, ←/→ a shot, J/L half a second.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) {
        if (!(target as HTMLInputElement).type?.startsWith("range")) return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === " " || key === "k") toggle();
      else if (key === "arrowleft") step(-1);
      else if (key === "arrowright") step(1);
      else if (key === "j") seek(clock.time() - SEEK_SECONDS);
      else if (key === "l") seek(clock.time() + SEEK_SECONDS);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle, seek, clock, step]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the shot by its key, not its object
  const drawing = useMemo(
    () =>
      shot ? drawingOfShot(shot.message, { before: shot.message.before, rest: shot.rest, after: shot.after }) : null,
    [shotKey],
  );
  // Ghosts are drawn on the table at the stroke, paused: the verdict's drawing and the table after give way.
  const ghosted = ghosts && ghosts.count > 0 && !clock.playing ? ghosts : null;
  const layer: VerdictLayer | null = useMemo(
    () => (drawing && showDrawing && !ghosted ? { drawing, language } : null),
    [drawing, showDrawing, language, ghosted],
  );

  // The table: the animation while the shot runs; once it stopped and is paused, the table the rules left,
  // but for the lag, whose balls stay where they stopped with their distances to the head cushion (I21).
  const restMarks = useLagMarks(shot?.message ?? null, names);
  const stoppedStill = !clock.playing && clock.stopped() && shot?.after && !restMarks && !ghosted;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new frame object is what redraws a paused clock
  const frame: PlaybackFrame | null = useMemo(
    () =>
      animation && !stoppedStill && !ghosted
        ? { animation, startedAt: 0, elapsed: 0, clock: { time: () => clock.time(), running: () => clock.playing } }
        : null,
    [animation, stoppedStill, ghosted, version, clock],
  );
  const still = stoppedStill && shot?.after ? shot.after : (shot?.message.before ?? []);

  if (!shot) return <p className="hint">{t("replay.noShots")}</p>;
  const message = shot.message;
  const score = scoreAfter(shots, index);
  const lines = drawing ? legendLines(drawing, message.events, language) : [];
  const shotLength = t("replay.seconds", { value: formatSeconds(length, language) });

  return (
    <div
      className="match-player"
      data-testid="match-player"
      data-shot={message.number}
      data-index={index}
      data-playing={clock.playing ? "true" : "false"}
      data-following={following ? "true" : "false"}
    >
      <div className="match-stage">
        <TableCanvas
          balls={still}
          overlay={EMPTY_OVERLAY}
          playback={frame}
          onPlaybackEnd={() => undefined}
          verdict={layer}
          ghosts={ghosted}
          restMarks={restMarks}
          label={t("table.canvas")}
        />
      </div>

      <div className="match-controls">
        <ShotMarks shots={shots} index={index} onGo={go} analysed={analysed} />
        <div className="row player-buttons">
          <button type="button" data-testid="prev-shot" onClick={() => step(-1)} disabled={index === 0}>
            <span aria-hidden="true">«</span> <span className="long">{t("replay.prevShot")}</span>
          </button>
          <button
            type="button"
            className="primary"
            data-testid="play-pause"
            aria-label={clock.playing ? t("replay.pause") : t("replay.play")}
            onClick={toggle}
          >
            {clock.playing ? "‖" : "▶"}{" "}
            <span className="long">{clock.playing ? t("replay.pause") : t("replay.play")}</span>
          </button>
          <button type="button" data-testid="next-shot" onClick={() => step(1)} disabled={index >= shots.length - 1}>
            <span className="long">{t("replay.nextShot")}</span> <span aria-hidden="true">»</span>
          </button>
          <label className="speed">
            <span className="long">{t("replay.speed")}</span>
            <select
              data-testid="speed"
              value={clock.speed}
              aria-label={t("replay.speed")}
              onChange={(e) => setSpeed(Number(e.target.value) as Speed)}
            >
              {SPEEDS.map((s) => (
                <option key={s} value={s}>
                  {`${s}×`}
                </option>
              ))}
            </select>
          </label>
          {([-1, 1] as const).map((by) => (
            <button
              key={by}
              type="button"
              className="speed-step"
              aria-label={`${t("replay.speed")} ${by < 0 ? "−" : "+"}`}
              onClick={() => setSpeed(nextSpeed(clock.speed, by))}
            >
              {by < 0 ? "−" : "+"}
            </button>
          ))}
          {/* At a live table the player is left for the live view; on a page, it jumps to the latest shot. */}
          {(onLeave || (live && !following)) && (
            <button
              type="button"
              className="live-button"
              data-testid="to-live"
              onClick={() => {
                if (onLeave) onLeave();
                else {
                  setFollowing(true);
                  go(shots.length - 1, false);
                }
              }}
            >
              ● {t("replay.toLive")}
            </button>
          )}
        </div>
        <label className="shot-scrubber">
          <span className="sr-only">{t("replay.shotScrubber")}</span>
          <input
            ref={scrubberRef}
            type="range"
            data-testid="shot-scrubber"
            min={0}
            max={Math.max(length, 0.01)}
            step={0.01}
            defaultValue={0}
            disabled={length === 0}
            onChange={(e) => {
              clock.pause();
              seek(Number(e.target.value));
            }}
          />
          <span className="time">
            <span ref={timeRef}>{formatSeconds(0, language)}</span> / {shotLength}
          </span>
        </label>
      </div>

      <section className="match-verdict" aria-live="polite">
        <p
          className={`verdict${isFoulShot(message) ? " foul" : ""}`}
          data-testid="match-verdict"
          data-shot={message.number}
        >
          <strong>{t("replay.shotOf", { number: message.number, index: index + 1, count: shots.length })}</strong>
          {" · "}
          <span data-testid="match-score">{`${names[0] || "—"} ${score[0]} : ${score[1]} ${names[1] || "—"}`}</span>
          <br />
          {verdictText(message, names, i18n.language)}
        </p>
        <div className="row">
          {drawing && (
            <button
              type="button"
              data-testid="toggle-drawing"
              aria-pressed={showDrawing}
              onClick={() => {
                const next = !showDrawing;
                setShowDrawing(next);
                rememberDrawing(next);
              }}
            >
              {showDrawing ? t("drawing.hide") : t("drawing.show")}
            </button>
          )}
          {actions?.(shot)}
        </div>
        {showDrawing && lines.length > 0 && (
          <details className="legend" open>
            <summary>{t("drawing.legend")}</summary>
            <ul data-testid="drawing-legend">
              {lines.map((line) => (
                <li key={line.key} className={line.proof ? "proof" : ""} data-kind={line.kind}>
                  <span className="clause">{line.clause}</span> {line.text}
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>
      <p className="hint keys">{t("replay.keys")}</p>
    </div>
  );
}
