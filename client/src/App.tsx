import { DEFAULT_COMPUTER_PACE } from "@habibka/shared/match";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AccountButton } from "./account/AccountButton.tsx";
import { account } from "./account/account-store.ts";
import { useAccount } from "./account/use-account.ts";
import { usePlayerName } from "./account/use-player-name.ts";
import type { Language } from "./i18n/index.ts";
import { matchFromPath, matchPath } from "./match-page/match-data.ts";
import type { SessionTarget } from "./net/session-target.ts";
import { connectivity, playsOffline } from "./offline/connectivity.ts";
import { localMatchFromPath, localPath } from "./offline/local-path.ts";
import { UpdatePrompt } from "./offline/UpdatePrompt.tsx";
import { isPracticePath, PRACTICE_PATH, type PracticeOpening, practiceOpening } from "./practice/practice-route.ts";
import { isLeadersPath, LEADERS_PATH, profileFromPath, profilePath } from "./profile/profile-route.ts";
import { InviteGate } from "./ui/InviteGate.tsx";
import { Lobby } from "./ui/Lobby.tsx";
import { codeFromPath, isValidName } from "./ui/player-name.ts";
import { SiteTools } from "./ui/SiteTools.tsx";

// The table itself (its session, canvas, controls and painters) loads when a table opens: the lobby, where
// most visits begin, shows without it, and a table's link waits one more request for it.
const TableScreen = lazy(() => import("./ui/TableScreen.tsx").then((m) => ({ default: m.TableScreen })));
// The rules page is text most players open once: it loads on demand and stays out of the first download.
const RulesPage = lazy(() => import("./ui/RulesPage.tsx"));
// So is a match's page, reached by a shared link or from the lobby's history.
const MatchPage = lazy(() => import("./match-page/MatchPage.tsx"));
// The matches kept in this browser (IndexedDB) are listed a moment after the lobby shows.
const OfflineMatches = lazy(() => import("./offline/OfflineMatches.tsx").then((m) => ({ default: m.OfflineMatches })));
// The practice table is a page of its own that most visits never open: its code loads with it.
const PracticeTable = lazy(() => import("./ui/PracticeTable.tsx").then((m) => ({ default: m.PracticeTable })));
// A player's profile and the leaderboard are pages of their own, opened from a name or the account menu.
const ProfilePage = lazy(() => import("./profile/ProfilePage.tsx"));
const LeadersPage = lazy(() => import("./profile/LeadersPage.tsx"));
// The lobby's friends and history come after its first paint, under the player's own choices.
const FriendsCard = lazy(() => import("./account/FriendsCard.tsx"));
const MatchHistory = lazy(() => import("./match-page/MatchHistory.tsx"));
// Challenges load with the first one this page hears of (most visits have none).
const ChallengeBar = lazy(() => import("./account/ChallengeBar.tsx"));

type Route =
  | { readonly kind: "lobby" }
  | { readonly kind: "invite"; readonly code: string }
  | { readonly kind: "match"; readonly id: string; readonly shot: number | null }
  | { readonly kind: "profile"; readonly id: string }
  | { readonly kind: "leaders" }
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
  const player = profileFromPath(window.location.pathname);
  if (player) return { kind: "profile", id: player };
  if (isLeadersPath(window.location.pathname)) return { kind: "leaders" };
  const code = codeFromPath(window.location.pathname);
  return code ? { kind: "invite", code } : { kind: "lobby" };
}

export function App() {
  const { t, i18n } = useTranslation();
  const { known, name, setName, commit, offered, answerOffer } = usePlayerName();
  const { status: accountStatus, incoming, outgoing, notices } = useAccount();
  const [nameProblem, setNameProblem] = useState("");
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

  /** Seats this player at a table he was challenged to or challenged someone to, wherever he is. */
  // A player without a name yet watches the challenge's table until he gives one, then takes the seat kept for
  // him, as any visitor by a link does (TableScreen): never seated under the spectators' name.
  const named = useRef(false);
  named.current = isValidName(name);
  const openChallengeTable = useCallback((code: string) => {
    window.history.pushState(null, "", `/t/${code}`);
    setRoute({ kind: "table", target: { kind: "join", code, watch: !named.current } });
  }, []);

  useEffect(() => {
    account.start();
    return account.onTable(openChallengeTable);
  }, [openChallengeTable]);

  /** Opens a table under the name typed, made the account's first. */
  async function open(target: SessionTarget) {
    const problem = await commit(name);
    setNameProblem(problem ?? "");
    if (problem) return;
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

  function openProfile(id: string) {
    window.history.pushState(null, "", profilePath(id));
    setRoute({ kind: "profile", id });
  }

  function openLeaders() {
    window.history.pushState(null, "", LEADERS_PATH);
    setRoute({ kind: "leaders" });
  }

  function watchTable(code: string) {
    window.history.pushState(null, "", `/t/${code}`);
    setRoute({ kind: "table", target: { kind: "join", code, watch: true } });
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
    void account.refreshMe();
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
          <AccountButton onProfile={openProfile} onLeaders={openLeaders} />
          <SiteTools onRules={openRules} />
        </nav>
      </header>
      {incoming.length + outgoing.length + notices.length > 0 && (
        <Suspense fallback={null}>
          <ChallengeBar onTable={openChallengeTable} />
        </Suspense>
      )}
      <main className="app-main">
        {route.kind === "lobby" && (
          <Lobby
            name={name}
            onName={setName}
            nameProblem={nameProblem}
            offeredName={offered}
            onOfferedName={(take) => void answerOffer(take)}
            onOpen={(target) => void open(target)}
            onPractice={() => toPractice()}
            onLeaders={openLeaders}
            friends={
              accountStatus === "ready" && (
                <Suspense fallback={null}>
                  <FriendsCard onProfile={openProfile} onWatch={watchTable} />
                </Suspense>
              )
            }
          >
            <Suspense fallback={null}>
              <MatchHistory
                onOpenMatch={openMatch}
                onMyProfile={openProfile}
                offline={
                  <Suspense fallback={null}>
                    <OfflineMatches onResume={resumeLocal} onOpenMatch={openMatch} />
                  </Suspense>
                }
              />
            </Suspense>
          </Lobby>
        )}
        {(route.kind === "profile" || route.kind === "leaders") && (
          <Suspense fallback={<p className="match-page-status">{t("replay.loading")}</p>}>
            {route.kind === "profile" ? (
              <ProfilePage key={route.id} id={route.id} onProfile={openProfile} onMatch={openMatch} onLobby={toLobby} />
            ) : (
              <LeadersPage onProfile={openProfile} />
            )}
          </Suspense>
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
              onProfile={openProfile}
              onTable={(code) => {
                window.history.pushState(null, "", `/t/${code}`);
                setRoute({ kind: "invite", code });
              }}
            />
          </Suspense>
        )}
        {route.kind === "invite" && !known && <p className="status-line">{t("table.connecting")}</p>}
        {route.kind === "invite" && known && (
          <InviteGate code={route.code} name={name} onOpen={(target) => setRoute({ kind: "table", target })} />
        )}
        {route.kind === "table" && (
          <Suspense fallback={<p className="status-line">{t("table.connecting")}</p>}>
            <TableScreen
              key={JSON.stringify(route.target)}
              name={name}
              target={route.target}
              onLobby={toLobby}
              onRules={openRules}
              onMatch={showMatchInstead}
              onGuestName={(given, sit) => {
                const target = route.target;
                void commit(given).then((problem) => {
                  if (problem) return;
                  setName(given);
                  if (sit && target.kind === "join") {
                    setRoute({ kind: "table", target: { kind: "join", code: target.code, watch: false } });
                  }
                });
              }}
            />
          </Suspense>
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
