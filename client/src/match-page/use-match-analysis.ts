import type { MatchAnalysis } from "@habibka/shared/protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import { gameServerEndpoint } from "../net/endpoint.ts";
import { fetchAnalysis } from "./analysis-data.ts";

/**
 * A finished match's analysis on its page: nothing until the viewer asks (asking starts minutes of the
 * server's work), then its progress, read again every couple of seconds, then the analysis. A browser that
 * asked for a match's analysis before asks again by itself when it comes back: that costs the server no new
 * analysis, only a read of the one kept.
 */

export type AnalysisState =
  | { readonly kind: "idle" }
  | { readonly kind: "pending"; readonly running: boolean; readonly done: number; readonly total: number }
  | { readonly kind: "done"; readonly analysis: MatchAnalysis }
  | { readonly kind: "refused"; readonly code: string }
  | { readonly kind: "failed" };

/** How often the progress is read while the server computes. */
const POLL_MS = 2_000;
/** The matches this browser asked to have analysed, the latest last. */
const ASKED_KEY = "habibka.analysed";
const ASKED_KEPT = 50;

function askedBefore(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(ASKED_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function rememberAsked(id: string): void {
  try {
    const list = [...askedBefore().filter((known) => known !== id), id].slice(-ASKED_KEPT);
    localStorage.setItem(ASKED_KEY, JSON.stringify(list));
  } catch {
    // A browser that keeps nothing asks again by the button.
  }
}

export function useMatchAnalysis(id: string, finished: boolean): { state: AnalysisState; ask: () => void } {
  const [state, setState] = useState<AnalysisState>({ kind: "idle" });
  const [asked, setAsked] = useState(0);
  const stopped = useRef(false);

  const ask = useCallback(() => {
    rememberAsked(id);
    setAsked((n) => n + 1);
  }, [id]);

  // Coming back to a match this browser had analysed: its analysis is read at once.
  useEffect(() => {
    if (finished && askedBefore().includes(id)) setAsked((n) => (n === 0 ? 1 : n));
  }, [id, finished]);

  useEffect(() => {
    if (asked === 0) return;
    stopped.current = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      const answer = await fetchAnalysis(gameServerEndpoint(), id);
      if (stopped.current) return;
      if (answer.kind === "pending") {
        setState({ kind: "pending", running: answer.running, done: answer.done, total: answer.total });
        timer = setTimeout(read, POLL_MS);
      } else if (answer.kind === "done") setState({ kind: "done", analysis: answer.analysis });
      else if (answer.kind === "refused") setState({ kind: "refused", code: answer.code });
      else setState({ kind: "failed" });
    };
    setState((before) => (before.kind === "done" ? before : { kind: "pending", running: false, done: 0, total: 0 }));
    void read();
    return () => {
      stopped.current = true;
      clearTimeout(timer);
    };
  }, [id, asked]);

  return { state, ask };
}
