import {
  COMPUTER_LEVELS,
  COMPUTER_PACES,
  type ComputerLevel,
  type ComputerPace,
  DEFAULT_COMPUTER_LEVEL,
  DEFAULT_COMPUTER_PACE,
} from "@habibka/shared/match";
import { PUBLIC_SHOT_CLOCK_DEFAULT, SHOT_CLOCK_CHOICES, TABLE_CODE_PATTERN } from "@habibka/shared/protocol";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { RatingMark } from "../account/RatingMark.tsx";
import type { CreateTarget, SessionTarget } from "../net/session-target.ts";
import { useLobby } from "../net/use-lobby.ts";
import { playsOffline, useConnectivity } from "../offline/connectivity.ts";
import { OfflineCard } from "../offline/OfflineCard.tsx";
import { NameField } from "./NameField.tsx";
import { isValidName } from "./player-name.ts";

interface Props {
  readonly name: string;
  readonly onName: (name: string) => void;
  /** The server refused the name (its words), or "". */
  readonly nameProblem: string;
  /** A name typed before accounts existed, offered once to an account without one. */
  readonly offeredName: string | null;
  readonly onOfferedName: (take: boolean) => void;
  readonly onLeaders: () => void;
  /** The player's friends: a card after the ways to play, so its list arriving late moves none of them. */
  readonly friends?: ReactNode;
  readonly onOpen: (target: SessionTarget) => void;
  /** Opens the practice table (no name needed: nobody else sees it). */
  readonly onPractice: () => void;
  /** More cards in the lobby's grid, after its own (the history of matches). */
  readonly children?: ReactNode;
}

/**
 * The first screen: a name, a new table, a match against the computer, the practice table, a code to join,
 * the live list of public tables, and whatever the page adds after them (the history of matches).
 */
export function Lobby({
  name,
  onName,
  nameProblem,
  offeredName,
  onOfferedName,
  onLeaders,
  friends,
  onOpen,
  onPractice,
  children,
}: Props) {
  const { t } = useTranslation();
  const { status, tables } = useLobby();
  const [visibility, setVisibility] = useState<CreateTarget["visibility"]>("private");
  const [opening, setOpening] = useState<CreateTarget["opening"]>("lag");
  // Private tables keep the creator's choice (off by default); a public one always runs a clock
  // (docs/PROTOCOL.md), so "off" is offered for private tables only.
  const [privateClock, setPrivateClock] = useState<CreateTarget["shotClock"]>(0);
  const [publicClock, setPublicClock] = useState<CreateTarget["shotClock"]>(PUBLIC_SHOT_CLOCK_DEFAULT);
  // Rated [рейтинговая] only at a public table, which always runs a shot clock (docs/PROTOCOL.md).
  const [ratedAsked, setRatedAsked] = useState(false);
  const rated = ratedAsked && visibility === "public";
  const shotClock = visibility === "public" ? publicClock : privateClock;
  const setShotClock = visibility === "public" ? setPublicClock : setPrivateClock;
  const clocks = visibility === "public" ? SHOT_CLOCK_CHOICES.filter((c) => c !== 0) : SHOT_CLOCK_CHOICES;
  const [level, setLevel] = useState<ComputerLevel>(DEFAULT_COMPUTER_LEVEL);
  const [pace, setPace] = useState<ComputerPace>(DEFAULT_COMPUTER_PACE);
  const [code, setCode] = useState("");
  const [touched, setTouched] = useState(false);
  const nameOk = isValidName(name);
  const codeOk = TABLE_CODE_PATTERN.test(code.trim());
  // Without the server, tables with people cannot open: their buttons say so (src/offline/).
  const offline = playsOffline(useConnectivity());
  const needsNetwork = offline ? t("offline.needsNetwork") : undefined;

  function create(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (nameOk && !offline) onOpen({ kind: "create", visibility, opening, shotClock, rated });
  }

  function playComputer(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (nameOk) onOpen({ kind: "computer", level, pace });
  }

  function join(event: FormEvent, watch: boolean) {
    event.preventDefault();
    setTouched(true);
    if (nameOk && codeOk && !offline) onOpen({ kind: "join", code: code.trim(), watch });
  }

  return (
    <div className="lobby">
      <section className="card">
        <NameField name={name} onName={onName} invalid={touched && !nameOk} />
        {nameProblem && <small className="hint bad">{nameProblem}</small>}
        {offeredName && (
          <div className="name-offer" data-testid="name-offer">
            <span>{t("account.nameOffer", { name: offeredName })}</span>
            <span className="row">
              <button type="button" data-testid="name-offer-take" onClick={() => onOfferedName(true)}>
                {t("account.nameOfferTake")}
              </button>
              <button type="button" data-testid="name-offer-drop" onClick={() => onOfferedName(false)}>
                {t("account.nameOfferDrop")}
              </button>
            </span>
          </div>
        )}
        <button type="button" className="link leaders-link" data-testid="lobby-leaders" onClick={onLeaders}>
          {t("account.leaders")}
        </button>
      </section>

      <form className="card" onSubmit={create} aria-labelledby="create-title">
        <h2 id="create-title">{t("lobby.createTitle")}</h2>
        <fieldset className="choices">
          <legend>{t("lobby.visibility")}</legend>
          {(["private", "public"] as const).map((v) => (
            <label key={v}>
              <input
                type="radio"
                name="visibility"
                data-testid={`visibility-${v}`}
                checked={visibility === v}
                onChange={() => setVisibility(v)}
              />
              {t(`lobby.${v}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="choices">
          <legend>{t("lobby.opening")}</legend>
          {(["lag", "draw"] as const).map((o) => (
            <label key={o}>
              <input
                type="radio"
                name="opening"
                data-testid={`opening-${o}`}
                checked={opening === o}
                onChange={() => setOpening(o)}
              />
              {t(`lobby.${o}`)}
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>{t("lobby.shotClock")}</span>
          <select
            data-testid="shot-clock"
            value={shotClock}
            onChange={(e) => setShotClock(Number(e.target.value) as CreateTarget["shotClock"])}
          >
            {clocks.map((c) => (
              <option key={c} value={c}>
                {c === 0 ? t("lobby.clockOff") : t("lobby.seconds", { count: c })}
              </option>
            ))}
          </select>
        </label>
        {visibility === "public" && <small className="hint">{t("lobby.clockPublic")}</small>}
        <label className="rated-choice">
          <input
            type="checkbox"
            data-testid="rated"
            checked={rated}
            disabled={visibility !== "public"}
            aria-describedby="rated-hint"
            onChange={(e) => setRatedAsked(e.target.checked)}
          />
          {t("account.ratedTable")}
        </label>
        <small id="rated-hint" className="hint">
          {visibility === "public" ? t("account.ratedHint") : t("account.ratedPublicOnly")}
        </small>
        {offline && <small className="hint">{t("offline.tablesNeedNetwork")}</small>}
        <button type="submit" className="primary" data-testid="create-table" disabled={offline} title={needsNetwork}>
          {t("lobby.create")}
        </button>
      </form>

      <form className="card" onSubmit={playComputer} aria-labelledby="computer-title">
        <h2 id="computer-title">{t("lobby.computerTitle")}</h2>
        <fieldset className="choices">
          <legend>{t("lobby.computerLevel")}</legend>
          {COMPUTER_LEVELS.map((l) => (
            <label key={l}>
              <input
                type="radio"
                name="computer-level"
                data-testid={`computer-level-${l}`}
                checked={level === l}
                onChange={() => setLevel(l)}
              />
              {t(`computer.level.${l}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="choices">
          <legend>{t("lobby.computerPace")}</legend>
          {COMPUTER_PACES.map((p) => (
            <label key={p}>
              <input
                type="radio"
                name="computer-pace"
                data-testid={`computer-pace-${p}`}
                checked={pace === p}
                onChange={() => setPace(p)}
              />
              {t(`computer.pace.${p}`)}
            </label>
          ))}
        </fieldset>
        <small className="hint">{offline ? t("offline.computerHere") : t("lobby.computerHint")}</small>
        <button type="submit" className="primary" data-testid="play-computer">
          {t("lobby.playComputer")}
        </button>
      </form>

      <section className="card" aria-labelledby="practice-title">
        <h2 id="practice-title">{t("lobby.practiceTitle")}</h2>
        <small className="hint">{t("lobby.practiceHint")}</small>
        <button type="button" className="primary" data-testid="open-practice" onClick={onPractice}>
          {t("lobby.practice")}
        </button>
      </section>

      <form className="card" onSubmit={(e) => join(e, false)} aria-labelledby="join-title">
        <h2 id="join-title">{t("lobby.joinTitle")}</h2>
        <label className="field">
          <span>{t("lobby.code")}</span>
          <input
            data-testid="code-input"
            value={code}
            inputMode="numeric"
            pattern={TABLE_CODE_PATTERN.source}
            maxLength={6}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
          />
        </label>
        {touched && code !== "" && !codeOk && <small className="hint bad">{t("lobby.codeInvalid")}</small>}
        <div className="row">
          <button type="submit" data-testid="join-table" disabled={!codeOk || offline} title={needsNetwork}>
            {t("lobby.join")}
          </button>
          <button
            type="button"
            data-testid="watch-table"
            disabled={!codeOk || offline}
            title={needsNetwork}
            onClick={(e) => join(e, true)}
          >
            {t("lobby.watch")}
          </button>
        </div>
      </form>

      {friends}
      <OfflineCard />

      <section className="card wide" aria-labelledby="tables-title">
        <h2 id="tables-title">{t("lobby.tablesTitle")}</h2>
        {!nameOk && tables.size > 0 && (
          <p className="hint bad" data-testid="needs-name">
            {t("lobby.needsName")}
          </p>
        )}
        {offline && <p role="status">{t("offline.tablesNeedNetwork")}</p>}
        {!offline && status === "connecting" && <p>{t("lobby.connecting")}</p>}
        {!offline && status === "offline" && <p role="status">{t("lobby.offline")}</p>}
        {!offline && status === "live" && tables.size === 0 && <p>{t("lobby.noTables")}</p>}
        <ul className="tables" data-testid="lobby-tables">
          {[...tables.values()].map((table) => {
            const free = table.players.length < 2 || table.players.some((p) => p === null);
            return (
              <li key={table.code} data-testid={`lobby-table-${table.code}`}>
                <span className="code">{table.code}</span>
                <span className="who">
                  {([0, 1] as const).map((s) => (
                    <span key={s} className="seat-name">
                      {s === 1 && " — "}
                      {table.players[s] ?? t("lobby.freeSeat")}
                      {table.ratings?.[s] && (
                        <>
                          {" "}
                          <RatingMark rating={table.ratings[s]} testId={`lobby-rating-${table.code}-${s}`} />
                        </>
                      )}
                    </span>
                  ))}
                </span>
                {table.rated && <span className="badge">{t("account.rated")}</span>}
                <span className="score">{(table.score.length ? table.score : [0, 0]).join(" : ")}</span>
                <span className="phase">{t(`lobby.phase.${table.phase}`, { defaultValue: table.phase })}</span>
                <span className="spectators">{t("lobby.spectators", { count: table.spectators })}</span>
                <span className="row">
                  {free && (
                    <button
                      type="button"
                      data-testid={`sit-${table.code}`}
                      disabled={!nameOk || offline}
                      title={needsNetwork ?? (nameOk ? undefined : t("lobby.needsName"))}
                      onClick={() => onOpen({ kind: "join", code: table.code, watch: false })}
                    >
                      {t("lobby.sit")}
                    </button>
                  )}
                  <button
                    type="button"
                    data-testid={`watch-${table.code}`}
                    disabled={!nameOk || offline}
                    title={needsNetwork ?? (nameOk ? undefined : t("lobby.needsName"))}
                    onClick={() => onOpen({ kind: "join", code: table.code, watch: true })}
                  >
                    {t("lobby.watch")}
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      </section>
      {children}
    </div>
  );
}
