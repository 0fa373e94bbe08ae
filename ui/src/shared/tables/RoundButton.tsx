// The small round letter buttons of the trading tables: V, P, R, C and S.
import { Button, type Intent } from "@blueprintjs/core";

/** Props of {@link RoundButton}. */
export interface RoundButtonProps {
  /** The letter shown. */
  readonly letter: string;
  /** What the button does, for screen readers and on hover. */
  readonly label: string;
  /** Colour of the button. */
  readonly intent?: Intent;
  /** Whether the button is disabled. */
  readonly disabled?: boolean;
  /** Why it is disabled, shown on hover instead of what it does (e.g. "All orders of this session are final"). */
  readonly why?: string | null;
  /** What a click does. */
  readonly onClick: () => void;
}

/** A small round button showing one letter; disabled for a reason, it says the reason on hover. */
export function RoundButton({ letter, label, intent, disabled, why, onClick }: RoundButtonProps) {
  return (
    <Button
      className="cd-round-button"
      size="small"
      text={letter}
      aria-label={label}
      title={disabled === true && why != null ? why : label}
      intent={intent}
      disabled={disabled}
      onClick={onClick}
    />
  );
}
