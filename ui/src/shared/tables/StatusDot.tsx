// The coloured dot of a copy-trade session's status: green, red or purple.
import { Colors } from "@blueprintjs/core";
import type { SessionStatusColor } from "../orders/orderStatus";

/** The Blueprint colour of each session colour. */
export const STATUS_DOT_COLORS: Readonly<Record<SessionStatusColor, string>> = {
  green: Colors.GREEN3,
  red: Colors.RED3,
  purple: Colors.VIOLET3,
};

/** Props of {@link StatusDot}. */
export interface StatusDotProps {
  /** The session's colour. */
  readonly color: SessionStatusColor;
}

/** A round dot in the session's colour, named for screen readers and on hover. */
export function StatusDot({ color }: StatusDotProps) {
  return (
    <span
      role="img"
      aria-label={`Status colour ${color}`}
      title={color}
      className="cd-status-dot"
      data-color={color}
      style={{ backgroundColor: STATUS_DOT_COLORS[color] }}
    />
  );
}
