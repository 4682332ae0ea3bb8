import type { PocketId } from "@habibka/shared/table";

/** Where each pocket sits on the small table drawn in the icon: the head on the left, the left side on top. */
const SPOTS: Readonly<Record<PocketId, readonly [number, number]>> = {
  HL: [3, 3],
  ML: [15, 2.5],
  FL: [27, 3],
  HR: [3, 15],
  MR: [15, 15.5],
  FR: [27, 15],
};

/**
 * A pocket as a picture: a tiny table with that pocket lit, so it reads without words on a phone. `upright`
 * draws the table as a portrait screen shows it, turned a quarter: the head at the bottom.
 */
export function PocketIcon({
  pocket,
  size = 30,
  upright = false,
}: {
  readonly pocket: PocketId;
  readonly size?: number;
  readonly upright?: boolean;
}) {
  const spots = (Object.entries(SPOTS) as [PocketId, readonly [number, number]][]).map(
    ([id, [x, y]]) => [id, upright ? y : x, upright ? 30 - x : y] as const,
  );
  const [w, h] = upright ? [18, 30] : [30, 18];
  return (
    <svg
      width={(size * w) / 30}
      height={(size * h) / 30}
      viewBox={`0 0 ${w} ${h}`}
      aria-hidden="true"
      className="pocket-icon"
    >
      <rect x="2.5" y="2.5" width={w - 5} height={h - 5} rx="1.5" fill="#1d7a47" stroke="#5b3417" strokeWidth="2" />
      {spots.map(([id, x, y]) => (
        <circle key={id} cx={x} cy={y} r={id === pocket ? 3 : 1.6} fill={id === pocket ? "#ffd23f" : "#0b0b0b"} />
      ))}
    </svg>
  );
}
