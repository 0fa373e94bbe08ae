// The Fairness button of a session's view dialog.
import { Button } from "@blueprintjs/core";
import { ChartIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { useStores } from "../shell/StoreContext";

/** Props of {@link FairnessButton}. */
export interface FairnessButtonProps {
  /** The session shown, or null. */
  readonly sessionId: number | null;
}

/** Opens the fairness record of the session. */
export const FairnessButton = observer(function FairnessButton({ sessionId }: FairnessButtonProps) {
  const { records } = useStores();
  return (
    <Button
      icon={<ChartIcon />}
      text="Fairness"
      disabled={sessionId === null}
      onClick={() => {
        if (sessionId !== null) {
          void records.fairness.open(sessionId);
        }
      }}
    />
  );
});
