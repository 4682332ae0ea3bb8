import { expose } from "comlink";
import { localEngine } from "./local-engine.ts";

/**
 * The page's worker: the simulator, the rules, the match and the computer, off the page's thread, loaded only
 * when the page plays without the server (engine.ts starts it). Its calls are typed through comlink.
 */
expose(localEngine());
