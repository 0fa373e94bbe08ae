// The links of a session's view dialog along its replace chain: the session it replaced and those that replaced it.
import { Button } from "@blueprintjs/core";
import { ArrowLeftIcon, ArrowRightIcon } from "@blueprintjs/icons";

/** Props of {@link ReplaceChainLinks}. */
export interface ReplaceChainLinksProps {
  /** The session this one's replace replaced, or null. */
  readonly replacedSessionId: number | null;
  /** The sessions made by replacing this one's orders, oldest first. */
  readonly replacedBy: readonly number[];
  /** Shows another session's orders in the dialog. */
  readonly onOpenSession: (sessionId: number) => void;
}

/** `Replaces session #11` and `Replaced by session #13`, each opening that session; nothing without a chain. */
export function ReplaceChainLinks({ replacedSessionId, replacedBy, onOpenSession }: ReplaceChainLinksProps) {
  if (replacedSessionId === null && replacedBy.length === 0) {
    return null;
  }
  return (
    <nav className="cd-replace-chain" aria-label="Replace chain">
      {replacedSessionId !== null && (
        <Button
          variant="minimal"
          size="small"
          icon={<ArrowLeftIcon />}
          text={`Replaces session #${replacedSessionId}`}
          onClick={() => onOpenSession(replacedSessionId)}
        />
      )}
      {replacedBy.map((id) => (
        <Button
          key={id}
          variant="minimal"
          size="small"
          endIcon={<ArrowRightIcon />}
          text={`Replaced by session #${id}`}
          onClick={() => onOpenSession(id)}
        />
      ))}
    </nav>
  );
}
