import { DEFAULT_COMPUTER_PACE } from "@habibka/shared/match";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "./i18n/index.ts";
import { MatchHistory } from "./match-page/MatchHistory.tsx";
import { matchFromPath, matchPath } from "./match-page/match-data.ts";
import type { SessionTarget } from "./net/session-target.ts";
import { connectivity, playsOffline } from "./offline/connectivity.ts";
import { localMatchFromPath, localPath } from "./offline/local-path.ts";
import { UpdatePrompt } from "./offline/UpdatePrompt.tsx";
import { isPracticePath, PRACTICE_PATH, type PracticeOpening, practiceOpening } from "./practice/practice-route.ts";
import { InviteGate } from "./ui/InviteGate.tsx";
import { Lobby } from "./ui/Lobby.tsx";
import { codeFromPath, rememberName, storedName } from "./ui/player-name.ts";
import { SiteTools } from "./ui/SiteTools.tsx";
import { TableScreen } from "./ui/TableScreen.tsx";

// The rules page is text most players open once: it loads on demand and stays out of the first download.
const RulesPage = lazy(() => import("./ui/RulesPage.tsx"));
// So is a match's page, reached by a shared link or from the lobby's history.
const MatchPage = lazy(() => import("./match-page/MatchPage.tsx"));
// The matches kept in this browser (IndexedDB) are listed a moment after the lobby shows.
const OfflineMatches = lazy(() => import("./offline/OfflineMatches.tsx").then((m) => ({ default: m.OfflineMatches })));
// The practice table is a page of its own that most visits never open: its code loads with it.
const PracticeTable = lazy(() => import("./ui/PracticeTable.tsx").then((m) => ({ default: m.PracticeTable })));

type Route =
  | { readonly kind: "lobby" }
  | { readonly kind: "invite"; readonly code: string }
  | { readonly kind: "match"; readonly id: string; readonly shot: number | null }
  | SessionRoute
  | ({ readonly kind: "practice"; readonly key: string } & PracticeOpening);
interface SessionRoute {
  readonly kind: "table";
  readonly target: SessionTarget;
}

function routeFromLocation(): Route {
  if (isPracticePath(window.location.pathname)) {
    return { kind: "practice", key: window.location.search, ...practiceOpening(window.location.search) };
  }
  const match = matchFromPath(window.location.pathname);
  if (match) return { kind: "match", ...match };
  const local = localMatchFromPath(window.location.pathname);
  if (local) return { kind: "table", target: { kind: "local", resume: local } };
  const code = codeFromPath(window.location.pathname);
  return code ? { kind: "invite", code } : { kind: "lobby" };
}

export function App() {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState(storedName);
  const [route, setRoute] = useState<Route>(routeFromLocation);
  const [rulesOpen, setRulesOpen] = useState(() => window.location.hash === "#rules");
  const openRules = useCallback(() => setRulesOpen(true), []);

  useEffect(() => {
    const onPop = () => setRoute(routeFromLocation());
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  useEffect(() => {
    document.title = t("app.title");
  }, [t]);

  function open(target: SessionTarget) {
    rememberName(name);
    if (target.kind === "join") window.history.pushState(null, "", `/t/${target.code}`);
    // Without the server, the computer plays in this page (src/offline/).
    const offline = target.kind === "computer" && playsOffline(connectivity());
    setRoute({
      kind: "table",
      target: offline ? { kind: "local", level: target.level, pace: target.pace ?? DEFAULT_COMPUTER_PACE } : target,
    });
  }

  /** An unfinished match played without the server goes on at its table in this page. */
  function resumeLocal(id: string) {
    window.history.pushState(null, "", localPath(id));
    setRoute({ kind: "table", target: { kind: "local", resume: id } });
  }

  /** The practice table, at a position's link (a shot to analyse) or at the rack. */
  function toPractice(link = PRACTICE_PATH) {
    window.history.pushState(null, "", link);
    setRoute(routeFromLocation());
  }

  function openMatch(id: string) {
    window.history.pushState(null, "", matchPath(id));
    setRoute({ kind: "match", id, shot: null });
  }

  /** A table link whose table is gone opens the match played there, in the link's place in the history. */
  const showMatchInstead = useCallback((id: string) => {
    window.history.replaceState(null, "", matchPath(id));
    setRoute({ kind: "match", id, shot: null });
  }, []);

  function toLobby() {
    window.history.pushState(null, "", "/");
    setRoute({ kind: "lobby" });
  }

  const language = i18n.language as Language;
  return (
    <div className="app">
      <header className="app-header">
        <h1>
          {route.kind === "lobby" ? (
            t("app.title")
          ) : (
            <button type="button" className="link" onClick={toLobby} title={t("app.back")}>
              {t("app.title")}
            </button>
          )}
        </h1>
        <nav className="header-tools">
          <SiteTools onRules={openRules} />
        </nav>
      </header>
      <main className="app-main">
        {route.kind === "lobby" && (
          <Lobby name={name} onName={setName} onOpen={open} onPractice={() => toPractice()}>
            <MatchHistory
              onOpenMatch={openMatch}
              offline={
                <Suspense fallback={null}>
                  <OfflineMatches onResume={resumeLocal} onOpenMatch={openMatch} />
                </Suspense>
              }
            />
          </Lobby>
        )}
        {route.kind === "practice" && (
          <Suspense fallback={<p className="match-page-status">{t("replay.loading")}</p>}>
            <PracticeTable key={route.key} initial={route.initial} linkProblem={route.linkProblem} />
          </Suspense>
        )}
        {route.kind === "match" && (
          <Suspense fallback={<p className="match-page-status">{t("replay.loading")}</p>}>
            <MatchPage
              key={route.id}
              id={route.id}
              shot={route.shot}
              onLobby={toLobby}
              onTable={(code) => {
                window.history.pushState(null, "", `/t/${code}`);
                setRoute({ kind: "invite", code });
              }}
            />
          </Suspense>
        )}
        {route.kind === "invite" && (
          <InviteGate code={route.code} name={name} onOpen={(target) => setRoute({ kind: "table", target })} />
        )}
        {route.kind === "table" && (
          <TableScreen
            key={JSON.stringify(route.target)}
            name={name}
            target={route.target}
            onLobby={toLobby}
            onRules={openRules}
            onMatch={showMatchInstead}
            onGuestName={(given, sit) => {
              setName(given);
              rememberName(given);
              if (sit && route.target.kind === "join") {
                setRoute({ kind: "table", target: { kind: "join", code: route.target.code, watch: false } });
              }
            }}
          />
        )}
      </main>
      <UpdatePrompt />
      {rulesOpen && (
        <Suspense fallback={<div className="rules-page">{t("rules.loading")}</div>}>
          <RulesPage language={language} onClose={() => setRulesOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
