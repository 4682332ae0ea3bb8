import { format } from "node:util";
import { pino } from "pino";

export type Logger = pino.Logger;

/**
 * Structured JSON logs (one line per event) for the operator; the level comes from the config. Standard
 * output unless another destination is given (a test or a benchmark that reads what is written).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = { level, base: { service: "habibka-server" } };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * The logger Colyseus is given. Colyseus logs a failure as its whole stack trace in one string (for any
 * frame it cannot decode, which anyone can send): keep its first line, so a flood of bad frames cannot fill
 * the disk with traces, and log it as a warning under `colyseus`.
 */
export function colyseusLogger(logger: Logger) {
  const firstLine = (value: unknown) => (typeof value === "string" ? value.split("\n", 1)[0] : value);
  const line = (args: unknown[]) => format(...args.map(firstLine));
  const child = logger.child({ part: "colyseus" });
  return {
    debug: (...args: unknown[]) => child.debug(line(args)),
    info: (...args: unknown[]) => child.info(line(args)),
    warn: (...args: unknown[]) => child.warn(line(args)),
    error: (...args: unknown[]) => child.warn(line(args)),
    trace: (...args: unknown[]) => child.trace(line(args)),
  };
}
