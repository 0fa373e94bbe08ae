// Paging of a table: the page asked for, kept within the pages a number of items fills.
import { makeAutoObservable } from "mobx";

/** Which page of `size` items a table shows; {@link setCount} tells it how many items there are. */
export class Paging {
  /** Items per page. */
  readonly size: number;
  /** The page asked for, 0-based; {@link page} keeps it within the pages there are. */
  pageIndex = 0;
  private readonly count: () => number;

  /**
   * @param size Items per page.
   * @param count How many items there are now (read whenever the page is computed).
   */
  constructor(size: number, count: () => number) {
    this.size = size;
    this.count = count;
    makeAutoObservable<this, "count">(this, { size: false, count: false }, { autoBind: true });
  }

  /** Number of pages; at least 1. */
  get pageCount(): number {
    return Math.max(1, Math.ceil(this.count() / this.size));
  }

  /** The page shown, 0-based, within the pages there are. */
  get page(): number {
    return Math.min(Math.max(0, this.pageIndex), this.pageCount - 1);
  }

  /** The items of the page shown. */
  slice<T>(items: readonly T[]): T[] {
    const start = this.page * this.size;
    return items.slice(start, start + this.size);
  }

  /** Shows the first page. */
  first(): void {
    this.pageIndex = 0;
  }

  /** Shows the previous page, if any. */
  previous(): void {
    this.pageIndex = Math.max(0, this.page - 1);
  }

  /** Shows the next page, if any. */
  next(): void {
    this.pageIndex = Math.min(this.pageCount - 1, this.page + 1);
  }

  /** Shows the last page. */
  last(): void {
    this.pageIndex = this.pageCount - 1;
  }
}
