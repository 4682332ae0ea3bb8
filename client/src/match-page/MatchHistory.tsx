import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { myMatchIds } from "../account/my-match-ids.ts";
import { useAccount } from "../account/use-account.ts";
import { gameServerEndpoint } from "../net/endpoint.ts";
import { myMatches } from "../net/my-matches.ts";
import { playsOffline, useConnectivity } from "../offline/connectivity.ts";
import { fetchHistory, fetchMyMatches, type HistoryPage, type MatchSummaryShown } from "./history.ts";
import { matchPath } from "./match-data.ts";

/**
 * The lobby's history: the player's own matches («Мои партии», private ones too: the account's, on every
 * device, and those this browser played before it had one) and the latest finished public matches, each
 * with its players, score and time, linking to its page; a player's name narrows the public list, and «Ещё»
 * reads the next page.
 */

interface Props {
  readonly onOpenMatch: (id: string) => void;
  /** Opens the player's own profile: all his matches, his rating and his fouls. */
  readonly onMyProfile: (id: string) => void;
  /** The matches this browser played without the network, listed with its own (src/offline/). */
  readonly offline?: ReactNode;
}

function MatchLine({ match, onOpen }: { readonly match: MatchSummaryShown; readonly onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const [a, b] = match.players;
  const when = match.result?.finishedAt || match.startedAt;
  const winner = match.result?.winner;
  return (
    <li data-testid={`history-${match.id}`}>
      <a
        href={matchPath(match.id)}
        onClick={(event) => {
          event.preventDefault();
          onOpen(match.id);
        }}
      >
        <span className={`who${winner === 0 ? " won" : ""}`}>{a || "—"}</span>
        <span className="score">
          {match.result ? `${match.result.shelves[0]} : ${match.result.shelves[1]}` : t("history.playing")}
        </span>
        <span className={`who${winner === 1 ? " won" : ""}`}>{b || "—"}</span>
      </a>
      {when > 0 && (
        <time dateTime={new Date(when).toISOString()}>
          {/* Labelled, since the match's page gives both its start and its end. */}
          {t(match.result?.finishedAt ? "replay.finishedAt" : "replay.startedAt", {
            time: new Date(when).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" }),
          })}
        </time>
      )}
    </li>
  );
}

/** Newest first: by when each finished, or began if it has not. */
function newestFirst(a: MatchSummaryShown, b: MatchSummaryShown): number {
  return (b.result?.finishedAt || b.startedAt) - (a.result?.finishedAt || a.startedAt);
}

export default function MatchHistory({ onOpenMatch, onMyProfile, offline }: Props) {
  const { t } = useTranslation();
  const accountId = useAccount().me?.id ?? null;
  const endpoint = gameServerEndpoint();
  // Without the server its lists say so at once rather than wait on a request that cannot be answered.
  const withServer = !playsOffline(useConnectivity());
  const [mine, setMine] = useState<readonly MatchSummaryShown[] | null>(null);
  const [page, setPage] = useState<HistoryPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [player, setPlayer] = useState("");
  const [filter, setFilter] = useState("");

  // The matches this browser remembers are shown at once; the account's, from every device, replace them
  // once the server has said who this is, if there are any others.
  const fromAccount = useRef(false);
  useEffect(() => {
    if (!withServer) return;
    let current = true;
    void fetchMyMatches(endpoint, myMatches()).then((found) => {
      if (current && !fromAccount.current) setMine([...(found?.matches ?? [])].sort(newestFirst));
    });
    return () => {
      current = false;
    };
  }, [endpoint, withServer]);
  useEffect(() => {
    if (!accountId || !withServer) return;
    let current = true;
    const remembered = myMatches();
    void myMatchIds(accountId, remembered).then(async (ids) => {
      if (!current || (ids.length === remembered.length && ids.every((id) => remembered.includes(id)))) return;
      const found = await fetchMyMatches(endpoint, ids);
      if (!current || !found) return;
      fromAccount.current = true;
      setMine([...found.matches].sort(newestFirst));
    });
    return () => {
      current = false;
    };
  }, [endpoint, accountId, withServer]);

  useEffect(() => {
    if (!withServer) return;
    let current = true;
    setPage(null);
    void fetchHistory(endpoint, { player: filter || undefined }).then((found) => {
      if (!current) return;
      setFailed(found === null);
      setPage(found);
    });
    return () => {
      current = false;
    };
  }, [endpoint, filter, withServer]);

  async function more() {
    if (!page?.next) return;
    const found = await fetchHistory(endpoint, { cursor: page.next, player: filter || undefined });
    if (found) setPage({ matches: [...page.matches, ...found.matches], next: found.next });
  }

  function find(event: FormEvent) {
    event.preventDefault();
    setFilter(player.trim());
  }

  return (
    <section className="card wide history" aria-labelledby="history-title" data-testid="match-history">
      <h2 id="mine-title">{t("history.mine")}</h2>
      {offline}
      {!withServer ? (
        <p className="hint">{t("offline.listNeedsNetwork")}</p>
      ) : mine === null ? (
        <p className="hint">{t("history.loading")}</p>
      ) : mine.length === 0 ? (
        <p className="hint">{t("history.noneMine")}</p>
      ) : (
        <ul className="matches" data-testid="my-matches">
          {mine.map((m) => (
            <MatchLine key={m.id} match={m} onOpen={onOpenMatch} />
          ))}
        </ul>
      )}
      {accountId && (
        <button
          type="button"
          className="link all-mine"
          data-testid="all-my-matches"
          onClick={() => onMyProfile(accountId)}
        >
          {t("account.allMyMatches")}
        </button>
      )}
      <h2 id="history-title">{t("history.title")}</h2>
      {withServer && (
        <form className="row history-filter" onSubmit={find}>
          <input
            data-testid="history-player"
            aria-label={t("history.player")}
            placeholder={t("history.player")}
            value={player}
            maxLength={24}
            onChange={(e) => setPlayer(e.target.value)}
          />
          <button type="submit">{t("history.find")}</button>
          {filter && (
            <button
              type="button"
              onClick={() => {
                setPlayer("");
                setFilter("");
              }}
            >
              {t("history.all")}
            </button>
          )}
        </form>
      )}
      {!withServer && <p className="hint">{t("offline.listNeedsNetwork")}</p>}
      {withServer && failed && <p className="hint bad">{t("history.failed")}</p>}
      {withServer && page === null && !failed && <p className="hint">{t("history.loading")}</p>}
      {withServer && page && page.matches.length === 0 && <p className="hint">{t("history.none")}</p>}
      {withServer && page && page.matches.length > 0 && (
        <ul className="matches" data-testid="recent-matches">
          {page.matches.map((m) => (
            <MatchLine key={m.id} match={m} onOpen={onOpenMatch} />
          ))}
        </ul>
      )}
      {withServer && page?.next && (
        <button type="button" data-testid="history-more" onClick={() => void more()}>
          {t("history.more")}
        </button>
      )}
    </section>
  );
}
