// Villa Paletti's drawing geometry (rules/villa-paletti.md §2): the sizes
// of the columns, floors and foundation in millimetres, the floors'
// outlines, and a floor's outline placed at a pose. Both views (villa3d.ts,
// VillaTopView.tsx) draw with it; where pieces stand and which moves are
// legal come from the server's forms (villa.ts).

/** The floors, in the order they are laid (spec §1). */
export type FloorName = 'blue' | 'green' | 'yellow' | 'orange' | 'red';

/** The column kinds. */
export type Kind = 'thin' | 'medium' | 'thick';

/** Column height H and floor thickness T in mm (spec §2). */
export const columnHeight = 45;
export const floorThickness = 5;
/** levelHeight is the height in mm of level k's surface: the foundation's top for 0, the k-th floor's top after (spec §2: z_k = 50·k). */
export const levelHeight = (k: number) => (columnHeight + floorThickness) * k;
/** Radius of the foundation R_f and of the building site R_b in mm (spec §2). */
export const foundationRadius = 115;
export const siteRadius = 80;

/** Circumradius of each kind in mm (spec §2: thin 8, medium hexagon 11, thick 14). */
export const radius: Record<Kind, number> = { thin: 8, medium: 11, thick: 14 };

/** Floor polygons in local coordinates, counter-clockwise (spec §2 table): what a floor looks like. */
export const floorPolygons: Record<FloorName, readonly (readonly [number, number])[]> = {
  blue: [[104, 0], [74, 62], [17, 98], [-46, 80], [-100, 36], [-92, -34], [-47, -81], [18, -100], [74, -62]],
  green: [[98, 0], [57, 57], [0, 66], [-54, 54], [-94, 0], [-58, -58], [0, -70], [53, -53]],
  yellow: [[80, 0], [40, 50], [-16, 72], [-54, 26], [-70, -34], [-15, -64], [44, -55]],
  orange: [[80, 0], [41, 41], [0, 45], [-38, 38], [-76, 0], [-40, -40], [0, -47], [39, -39]],
  red: [[56, 0], [29, 36], [-11, 49], [-38, 18], [-49, -23], [-11, -47], [27, -34]],
};

/** A floor pose: rotate by th degrees, then translate by (x, y) mm. */
export interface Pose {
  x: number;
  y: number;
  th: number;
}

/** A point in mm on the foundation's plane. */
export interface Point {
  x: number;
  y: number;
}

/** worldPolygon maps a floor's local polygon by a pose. */
export function worldPolygon(name: FloorName, pose: Pose): Point[] {
  const a = (pose.th * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return floorPolygons[name].map(([x, y]) => ({ x: pose.x + c * x - s * y, y: pose.y + s * x + c * y }));
}
