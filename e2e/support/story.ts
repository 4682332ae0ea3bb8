/**
 * The stages of a story that one test tells from its start: each stage plays on the pages and the table the
 * stages before it left, so none of them can run on its own, and a failure is named by the stage it came from.
 */
export async function stage<T>(name: string, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (cause) {
    if (cause instanceof Error) cause.message = `${name}: ${cause.message}`;
    throw cause;
  }
}

/** The e2e project's time for one test (vitest.config.ts), given to each stage of a story. */
export const STAGE_MS = 120_000;
