// A session's id in the orders table, with the link to the session it replaced when a replace made it.
import { Button } from "@blueprintjs/core";

/** Props of {@link SessionLabel}. */
export interface SessionLabelProps {
  /** The session's id. */
  readonly sessionId: number;
  /** The session this one's replace replaced, or null. */
  readonly replacedSessionId: number | null;
  /** Opens the orders of a session (the view dialog). */
  readonly onOpenSession: (sessionId: number) => void;
}

/** `#12`, and under it `replaces #11`, which opens session 11's orders. */
export function SessionLabel({ sessionId, replacedSessionId, onOpenSession }: SessionLabelProps) {
  return (
    <span className="cd-session-label">
      <span className="cd-session-id">{`#${sessionId}`}</span>
      {replacedSessionId !== null && (
        <Button
          className="cd-replaces"
          variant="minimal"
          size="small"
          text={`replaces #${replacedSessionId}`}
          title={`Session ${sessionId} replaced the orders of session ${replacedSessionId}: view them`}
          onClick={() => onOpenSession(replacedSessionId)}
        />
      )}
    </span>
  );
}
