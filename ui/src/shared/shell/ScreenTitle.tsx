// The level-one heading of a screen, which names the screen's section.
import { H1 } from "@blueprintjs/core";

/** The id of the screen title, which the screen's section is labelled by. */
export const SCREEN_TITLE_ID = "cd-section-title";

/** Props of {@link ScreenTitle}. */
export interface ScreenTitleProps {
  /** The screen's name, e.g. `Option Trading`. */
  readonly text: string;
}

/** The screen's one `h1`. */
export function ScreenTitle({ text }: ScreenTitleProps) {
  return (
    <H1 id={SCREEN_TITLE_ID} className="cd-screen-title">
      {text}
    </H1>
  );
}
