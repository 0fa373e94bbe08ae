// The paging bar under a table: First, Previous, "Page X of Y", Next, Last.
import { Button, ButtonGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";

/** Props of {@link TablePager}. */
export interface TablePagerProps {
  /** Accessible name of the bar, e.g. `Account pages`. */
  readonly label: string;
  /** The page shown, 0-based. */
  readonly page: number;
  /** Number of pages, at least 1. */
  readonly pageCount: number;
  /** Shows the first page. */
  readonly onFirst: () => void;
  /** Shows the previous page. */
  readonly onPrevious: () => void;
  /** Shows the next page. */
  readonly onNext: () => void;
  /** Shows the last page. */
  readonly onLast: () => void;
}

/** Paging buttons around the `Page X of Y` text; buttons that would go nowhere are disabled. */
export const TablePager = observer(function TablePager(props: TablePagerProps) {
  const { label, page, pageCount, onFirst, onPrevious, onNext, onLast } = props;
  const atFirst = page <= 0;
  const atLast = page >= pageCount - 1;
  return (
    <div className="cd-pager" role="group" aria-label={label}>
      <ButtonGroup>
        <Button text="First" disabled={atFirst} onClick={onFirst} />
        <Button text="Previous" disabled={atFirst} onClick={onPrevious} />
      </ButtonGroup>
      <span className="cd-pager-text" aria-live="polite">
        {`Page ${page + 1} of ${pageCount}`}
      </span>
      <ButtonGroup>
        <Button text="Next" disabled={atLast} onClick={onNext} />
        <Button text="Last" disabled={atLast} onClick={onLast} />
      </ButtonGroup>
    </div>
  );
});
