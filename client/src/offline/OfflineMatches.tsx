import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { matchPath } from "../match-page/match-data.ts";
import { playsOffline, useConnectivity } from "./connectivity.ts";
import { localPath } from "./local-path.ts";
import { type OfflineMatchSummary, offlineStore } from "./offline-store.ts";
import { sendOfflineMatches } from "./send-offline-matches.ts";

interface Props {
  /** Goes on with an unfinished match, at its table in this browser. */
  readonly onResume: (id: string) => void;
  /** Opens a match's page on the server (one the history keeps). */
  readonly onOpenMatch: (id: string) => void;
}

/**
 * «Мои партии»'s matches played without the network, kept in this browser: an unfinished one goes on where it
 * stopped; a finished one says whether the server's history has it yet, and once it has, opens its page.
 */
export function OfflineMatches({ onResume, onOpenMatch }: Props) {
  const { t, i18n } = useTranslation();
  const [matches, setMatches] = useState<readonly OfflineMatchSummary[]>([]);
  const withServer = !playsOffline(useConnectivity());

  // Listed at once; with the server, the finished ones are sent to the history, and listed again as they stand.
  useEffect(() => {
    let current = true;
    const store = offlineStore();
    const list = () => store.list().then((found) => current && setMatches(found));
    list()
      .then(async () => {
        if (withServer && (await sendOfflineMatches(store)) > 0) await list();
      })
      .catch(() => {
        // No IndexedDB (a private window in some browsers): nothing was kept, nothing is listed.
      });
    return () => {
      current = false;
    };
  }, [withServer]);

  if (matches.length === 0) return null;
  return (
    <>
      <h3 className="offline-matches-title">{t("offline.mine")}</h3>
      <ul className="matches offline-matches" data-testid="offline-matches">
        {matches.map((match) => {
          const [a, synced] = match.names;
          const b = match.level ? t("computer.name", { level: t(`computer.level.${match.level}`) }) : synced;
          const when = match.result?.finishedAt ?? match.updatedAt;
          const { result, upload } = match;
          const kept = upload.kind === "kept";
          const href = result ? (kept ? matchPath(match.id) : undefined) : localPath(match.id);
          const state = !result
            ? t("offline.playing")
            : upload.kind === "kept"
              ? t("offline.kept")
              : upload.kind === "refused"
                ? t("offline.refused", { reason: upload.message })
                : t("offline.waiting");
          const line = (
            <>
              <span className={`who${result?.winner === 0 ? " won" : ""}`}>{a || "—"}</span>
              <span className="score">{result ? `${result.shelves[0]} : ${result.shelves[1]}` : "…"}</span>
              <span className={`who${result?.winner === 1 ? " won" : ""}`}>{b || "—"}</span>
            </>
          );
          return (
            <li
              key={match.id}
              data-testid={`offline-${match.id}`}
              data-upload={upload.kind}
              data-finished={result ? "true" : "false"}
            >
              {href ? (
                <a
                  href={href}
                  onClick={(event) => {
                    event.preventDefault();
                    if (result) onOpenMatch(match.id);
                    else onResume(match.id);
                  }}
                >
                  {line}
                </a>
              ) : (
                <span className="line">{line}</span>
              )}
              <time dateTime={new Date(when).toISOString()}>
                {new Date(when).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" })}
              </time>
              <small className="hint">{state}</small>
            </li>
          );
        })}
      </ul>
    </>
  );
}
