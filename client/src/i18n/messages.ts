import type { ru } from "./ru.ts";

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language must have: Russian's keys with any strings. */
export type Messages = Widen<typeof ru>;
