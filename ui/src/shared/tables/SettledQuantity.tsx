// A position's settled quantity: green when long, red when short.
import { Colors } from "@blueprintjs/core";
import { formatQuantity } from "../format/formatQuantity";

/** Props of {@link SettledQuantity}. */
export interface SettledQuantityProps {
  /** Contracts held; negative means short. */
  readonly quantity: number;
}

/** The quantity in green when positive, red when negative, plain at zero (dark shades, readable on striped rows). */
export function SettledQuantity({ quantity }: SettledQuantityProps) {
  const color = quantity > 0 ? Colors.GREEN2 : quantity < 0 ? Colors.RED2 : undefined;
  const className = quantity > 0 ? "cd-long" : quantity < 0 ? "cd-short" : undefined;
  return (
    <span className={className} style={color === undefined ? undefined : { color }}>
      {formatQuantity(quantity)}
    </span>
  );
}
