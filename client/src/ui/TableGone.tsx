import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { gameServerEndpoint } from "../net/endpoint.ts";
import { matchPlayedAt } from "../net/my-matches.ts";

interface Props {
  readonly code: string;
  readonly onLobby: () => void;
  /** Opens a match's page: the last match played at this code, when there is one. */
  readonly onMatch: (id: string) => void;
}

/**
 * A code that names no open table. If a match was played at it (this browser remembers its own, the server
 * knows the public ones: GET /api/tables/:code/last-match), its page opens instead; otherwise the player is
 * told, in his language, that there is no such table, with the way back to the lobby.
 */
export function TableGone({ code, onLobby, onMatch }: Props) {
  const { t } = useTranslation();
  const [looked, setLooked] = useState(false);

  useEffect(() => {
    let current = true;
    const mine = matchPlayedAt(code);
    if (mine) {
      onMatch(mine);
      return;
    }
    lastMatchAt(code).then(
      (id) => {
        if (!current) return;
        if (id) onMatch(id);
        else setLooked(true);
      },
      () => current && setLooked(true),
    );
    return () => {
      current = false;
    };
  }, [code, onMatch]);

  if (!looked) return <p className="status-line">{t("gone.looking", { code })}</p>;
  return (
    <section className="card table-gone" data-testid="table-gone" role="alert">
      <h2>{t("gone.title", { code })}</h2>
      <p className="hint">{t("gone.hint")}</p>
      <div className="row">
        <button type="button" className="primary" data-testid="gone-lobby" onClick={onLobby}>
          {t("app.back")}
        </button>
      </div>
    </section>
  );
}

async function lastMatchAt(code: string): Promise<string | null> {
  const response = await fetch(`${gameServerEndpoint()}/api/tables/${code}/last-match`);
  if (!response.ok) return null;
  const body = (await response.json()) as { matchId?: unknown };
  return typeof body.matchId === "string" ? body.matchId : null;
}
