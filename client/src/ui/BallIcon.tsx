import { COLOURED_BALL } from "@habibka/shared/table";

/** A ball as a small badge: ivory with its number, or the coloured ball (shelves, calls, the log). */
export function BallIcon({ id, size = 22 }: { readonly id: number; readonly size?: number }) {
  const coloured = id === COLOURED_BALL;
  return (
    <span
      className={coloured ? "ball-icon coloured" : "ball-icon"}
      style={{ width: size, height: size, fontSize: size * 0.5 }}
      data-ball={id}
    >
      {coloured ? "" : id}
    </span>
  );
}
