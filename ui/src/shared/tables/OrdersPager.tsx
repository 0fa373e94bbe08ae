// The pager of an orders main table, shown in its screen's title bar so the table keeps the panel's height.
import { observer } from "mobx-react-lite";
import type { SessionTable } from "../stores/SessionTable";
import { TablePager } from "./TablePager";

/** Props of {@link OrdersPager}. */
export interface OrdersPagerProps<Row> {
  /** The kind of order in words, capitalized: it names the pager ("Option order pages"). */
  readonly kind: "Option" | "Vertical" | "Stock";
  /** The sessions whose pages it turns. */
  readonly orders: SessionTable<Row>;
}

/** First, Previous, "Page X of Y", Next and Last of the orders table, at the right end of the title bar. */
export const OrdersPager = observer(function OrdersPager<Row>({ kind, orders }: OrdersPagerProps<Row>) {
  const paging = orders.paging;
  return (
    <div className="cd-title-pager">
      <TablePager
        label={`${kind} order pages`}
        page={paging.page}
        pageCount={paging.pageCount}
        onFirst={paging.first}
        onPrevious={paging.previous}
        onNext={paging.next}
        onLast={paging.last}
      />
    </div>
  );
});
