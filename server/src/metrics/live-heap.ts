import { constants, type NodeGCPerformanceDetail, type PerformanceEntry, PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics } from "node:v8";

/**
 * What the process really keeps alive: V8's old generation in use right after its last full collection. The
 * resident memory cannot say it: under steady load the heap grows towards a limit set above what is live and
 * is collected only there (the server runs without V8's memory reducer, docs/OPERATIONS.md "The collector"),
 * and pages once taken stay resident. A leak shows as this figure rising from one full collection to the
 * next under a steady load; a heap that merely fills between collections does not move it.
 */
export interface LiveHeap {
  /** Bytes in use in the old generation after the last full collection; null before the first. */
  bytes(): number | null;
  /** Full collections seen since the watch began. */
  collections(): number;
  stop(): void;
}

/** The young generation's spaces: what they hold at any moment is the allocation since the last scavenge. */
const YOUNG_SPACES = new Set(["new_space", "new_large_object_space"]);

export function watchLiveHeap(): LiveHeap {
  let bytes: number | null = null;
  let collections = 0;
  // Entries are handed over shortly after the collection, before the next scavenge could promote anything.
  const observer = new PerformanceObserver((list) => {
    const full = list.getEntries().filter((entry) => gcKind(entry) === constants.NODE_PERFORMANCE_GC_MAJOR);
    if (full.length === 0) return;
    collections += full.length;
    bytes = oldGenerationUsed();
  });
  observer.observe({ entryTypes: ["gc"] });
  return {
    bytes: () => bytes,
    collections: () => collections,
    stop: () => observer.disconnect(),
  };
}

/** A gc entry's kind: Node gives it in `detail`, which its published types leave out of PerformanceEntry. */
function gcKind(entry: PerformanceEntry): number | undefined {
  return (entry as PerformanceEntry & { readonly detail?: NodeGCPerformanceDetail }).detail?.kind;
}

function oldGenerationUsed(): number {
  let used = 0;
  for (const space of getHeapSpaceStatistics()) if (!YOUNG_SPACES.has(space.space_name)) used += space.space_used_size;
  return used;
}
