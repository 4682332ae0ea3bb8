/**
 * Equipment of a Russian-pyramid 12-ft tournament table (МКП / ФБСР table requirements; see docs/PHYSICS.md).
 * All lengths in metres. Coordinates (I1, docs/rules/interpretation.md): origin at the centre of the playing surface,
 * +x towards the foot (the pyramid end), +y to the left seen from the head, z up.
 */

/** Playing length, inside the cushion noses. */
export const TABLE_LENGTH = 3.55;
/** Playing width, inside the cushion noses. */
export const TABLE_WIDTH = 1.775;
export const HALF_LENGTH = TABLE_LENGTH / 2;
export const HALF_WIDTH = TABLE_WIDTH / 2;

/** Ball diameter 68 mm (МКП allows 68–68.5). */
export const BALL_DIAMETER = 0.068;
export const BALL_RADIUS = BALL_DIAMETER / 2;
/** Ball mass, kg (МКП: 280–285 g). */
export const BALL_MASS = 0.28;

/** Corner pocket mouth between the jaw noses (МКП: 72–73 mm); the middle of the range. */
export const CORNER_MOUTH = 0.0725;
/** Middle pocket mouth between the jaw noses (МКП: 82–83 mm). */
export const MIDDLE_MOUTH = 0.0825;
/** Jaw nose radius: corner about 5 mm, middle 11 ± 1 mm (МКП). */
export const CORNER_NOSE_RADIUS = 0.005;
export const MIDDLE_NOSE_RADIUS = 0.011;
/** Length of the pocket corridor behind the mouth: corner 5–6 mm, middle 0 (МКП). */
export const CORNER_CORRIDOR = 0.0055;
export const MIDDLE_CORRIDOR = 0;
/** Cushion nose height above the slate (МКП), used by the cushion model's contact angle. */
export const CUSHION_NOSE_HEIGHT = 0.042;
