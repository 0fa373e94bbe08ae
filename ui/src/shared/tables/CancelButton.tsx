// The C of one order row: the same rule on every screen (spec 02 §4).
import { Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { ALREADY_CANCELED } from "../orders/orderStatus";
import { RoundButton } from "./RoundButton";

/** Props of {@link CancelButton}. */
export interface CancelButtonProps {
  /** What the button cancels, e.g. `the order of Small A`. */
  readonly what: string;
  /** Whether the order can be cancelled (open, or REPLACED and followed to its live order). */
  readonly cancellable: boolean;
  /** Whether the order is already CANCELED. */
  readonly canceled: boolean;
  /** Cancels it. */
  readonly onClick: () => void;
}

/**
 * Always shown; enabled for an open or REPLACED order; disabled otherwise, and named "(Already Canceled)" on an
 * order already cancelled (its row is struck through by the table).
 */
export const CancelButton = observer(function CancelButton({ what, cancellable, canceled, onClick }: CancelButtonProps) {
  return (
    <RoundButton
      letter="C"
      label={canceled ? `${what} ${ALREADY_CANCELED}` : `Cancel ${what}`}
      intent={Intent.DANGER}
      disabled={!cancellable}
      onClick={onClick}
    />
  );
});
