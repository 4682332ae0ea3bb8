import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser.ts";
import { type GameProcess, startGameProcess } from "./game-process.ts";
import { watchPage } from "./page-events.ts";

/** How a new context's player comes to the site: for the first time (the tour not seen), in English. */
interface ContextSetup {
  readonly firstVisit?: boolean;
  /** The language the page opens in, as the language switch would have left it; Russian by default. */
  readonly language?: "ru" | "en";
}

/** The real game server and a headless Chromium for one test file. */
export interface GameAndBrowser {
  /** The game's address, e.g. http://localhost:43065. */
  readonly url: string;
  /**
   * A new browser context (its own storage: a separate player), closed with the file. Its player has seen
   * the first-visit tour already, unless `firstVisit` is set.
   */
  newContext(options?: BrowserContextOptions, setup?: ContextSetup): Promise<BrowserContext>;
  /** A page in a new context. */
  newPage(options?: BrowserContextOptions, setup?: ContextSetup): Promise<Page>;
  /** Stops the game server (SIGTERM: a redeploy; SIGKILL: a crash) and waits until its process is gone. */
  stopServer(signal: "SIGTERM" | "SIGKILL"): Promise<void>;
  /** Starts the next server process on the same port and database file, as after a deploy or a crash. */
  startServer(): Promise<void>;
}

/**
 * Starts the game server and the browser before a file's tests and stops both after them. Call it at the
 * top of a `describe`.
 */
export function useGameAndBrowser(): GameAndBrowser {
  let game: GameProcess | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    game = await startGameProcess();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await game?.stop();
  });
  const started = () => {
    if (!game || !browser) throw new Error("the game and the browser start in beforeAll");
    return { game, browser };
  };
  const newContext = async (options?: BrowserContextOptions, setup: ContextSetup = {}) => {
    const context = await started().browser.newContext(options);
    if (!setup.firstVisit) await context.addInitScript(() => localStorage.setItem("habibka.tour", "done"));
    if (setup.language) {
      await context.addInitScript((language) => localStorage.setItem("habibka.lang", language), setup.language);
    }
    contexts.push(context);
    context.on("page", watchPage);
    return context;
  };
  return {
    get url() {
      return started().game.url;
    },
    newContext,
    newPage: async (options, setup) => (await newContext(options, setup)).newPage(),
    stopServer: (signal) => started().game.stop(signal),
    startServer: async () => {
      const { port, databasePath } = started().game;
      game = await startGameProcess({ port, databasePath });
    },
  };
}
