// The line under an order dialog's buttons while its command waits for accounts' write limits.
import { observer } from "mobx-react-lite";
import type { CommandSender } from "./CommandSender";

/** Props of {@link CommandWaitLine}. */
export interface CommandWaitLineProps {
  /** The dialog's command side. */
  readonly commands: CommandSender;
}

/** `waiting for Atlas Small's write limit: 20 s` while the command in flight waits; nothing otherwise. */
export const CommandWaitLine = observer(function CommandWaitLine({ commands }: CommandWaitLineProps) {
  const text = commands.waitText;
  return (
    <p className="cd-command-waits" role="status" data-testid="command-waits">
      {text ?? ""}
    </p>
  );
});
