// A scrolling box around a table or list that the keyboard can reach and scroll, named for screen readers.
import type { ReactNode, Ref } from "react";

/** Props of {@link ScrollRegion}. */
export interface ScrollRegionProps {
  /** What the region holds, e.g. `Option orders`. */
  readonly label: string;
  /** The box's class (its size and overflow). */
  readonly className: string;
  /** The box itself, for a table that scrolls a row into view. */
  readonly regionRef?: Ref<HTMLDivElement>;
  /** The table or list. */
  readonly children: ReactNode;
}

/** A focusable, labelled region: Tab reaches it and the arrow keys scroll it, even when it holds no button. */
export function ScrollRegion({ label, className, regionRef, children }: ScrollRegionProps) {
  return (
    // A scrolling box must take focus so it can be scrolled without a mouse.
    <div ref={regionRef} className={className} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
