import type { EngineName } from "@habibka/shared/physics";
import type { OfflineMatchUpload } from "@habibka/shared/protocol";
import { hashSeatToken, newSeatToken } from "../table/seating.ts";
import { type Replay, replayOfflineMatch } from "./replay-offline-match.ts";

/** A worker thread of the offline verifier: one whole match played again, off the rooms' event loop. */
export default function replay(job: {
  readonly upload: OfflineMatchUpload;
  readonly engine: EngineName;
  readonly account: string;
}): Promise<Replay> {
  return replayOfflineMatch(job.upload, job.engine, {
    account: job.account,
    newToken: () => hashSeatToken(newSeatToken()),
  });
}
