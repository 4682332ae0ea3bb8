import { pino } from "pino";

export type Logger = pino.Logger;

/** Structured JSON logs (one line per event) for the operator; the level comes from the config. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: "habibka-server" } });
}
