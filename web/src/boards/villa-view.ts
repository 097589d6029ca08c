// What both views of the villa (the 3D one and the SVG top view) draw and
// report back: the scene and the player's picks, never the rules.
import type { Scene } from './villa';
import type { FloorName, Point, Pose } from './villa-shapes';

/** ViewProps are the inputs of a villa view. */
export interface ViewProps {
  scene: Scene;
  /** Columns that appear in a listed move: only these may be picked. */
  pickable: ReadonlySet<string>;
  /** Columns the proposer may remove (§5.3). */
  removable: ReadonlySet<string>;
  picked: string | null;
  /** The listed targets of the picked column, and the chosen one. */
  targets: Point[];
  chosen: Point | null;
  /** A floor pose to show as a ghost: a proposal on the table or being chosen. */
  preview: { name: FloorName; pose: Pose } | null;
  /** Shake band 0..3 (§6.7). */
  shake: number;
  /** The game ended by collapse: the villa falls. */
  collapse: boolean;
  /** A column was clicked (p: where on the top surface, if known). */
  onColumn: (id: string, p: Point | null) => void;
  /** The top surface was clicked at p (mm). */
  onSurface: (p: Point) => void;
  /** Accessible labels. */
  columnLabel: (id: string) => string;
  label: string;
  /** Draw the top view half a turn round (the viewer's flip). */
  flipped?: boolean;
}

/** Display colours of the columns and floors. */
export const paint: Record<string, string> = {
  blue: '#2f6fd6',
  yellow: '#e8c22c',
  green: '#3a9d4f',
  red: '#d2453c',
  orange: '#ec8a2a',
};
