// A screen's positions table: holdings merged from delta polls of one path, grouped, with the selection column.
import { makeAutoObservable, observable } from "mobx";
import type { ApiClient } from "../api/ApiClient";
import { KeySelection } from "./KeySelection";
import { DeltaPoll, mergeTableDelta } from "./TableDelta";

/** What a {@link PositionTable} polls, how it reads the answer and how it names a holding. */
export interface PositionTableConfig<P> {
  /** The positions table's path (polled with `?since=` and the last ETag). */
  readonly path: string;
  /**
   * Reads the changed positions of an answer.
   * @throws {Error} when the answer is malformed.
   */
  readonly parse: (changed: unknown) => readonly P[];
  /** The table key a position is grouped under (its option description, or its symbol). */
  readonly groupOf: (position: P) => string;
  /** The key naming one account's holding across polls. */
  readonly keyOf: (position: P) => string;
}

/**
 * The holdings of each group (one entry per account), merged from delta polls (only the groups that changed
 * are replaced), with the table's selection mode and the selected positions, and the per-account view of one
 * group (V) with its own ticks. A position no longer held never stays selected or ticked.
 */
export class PositionTable<P> {
  /** The holdings of each group, one entry per account. */
  readonly byGroup = observable.map<string, readonly P[]>([], { deep: false });
  /** True once the positions have been loaded. */
  loaded = false;
  /** Whether the table shows its Select column. */
  selectionMode = false;
  /** The positions selected in the table. */
  readonly selection: KeySelection<P>;
  /** The group whose per-account positions are shown (V), or null. */
  viewedGroup: string | null = null;
  /** The positions ticked in the per-account view. */
  readonly viewSelection: KeySelection<P>;
  private readonly deltaPoll: DeltaPoll;
  private readonly config: PositionTableConfig<P>;

  /**
   * @param deps Where the API client is read from when a poll runs.
   * @param config The path, answer reader and keys.
   */
  constructor(deps: { readonly api: ApiClient }, config: PositionTableConfig<P>) {
    this.deltaPoll = new DeltaPoll(deps, config.path);
    this.config = config;
    this.selection = new KeySelection(config.keyOf);
    this.viewSelection = new KeySelection(config.keyOf);
    makeAutoObservable<this, "deltaPoll" | "config">(
      this,
      { byGroup: false, selection: false, viewSelection: false, deltaPoll: false, config: false },
      { autoBind: true },
    );
  }

  /** Every position, one row per account, in the order of the groups. */
  get rows(): P[] {
    return Array.from(this.byGroup.values()).flat();
  }

  /** The selected positions still held, in table order. */
  get selected(): P[] {
    return this.selection.pick(this.rows);
  }

  /** The per-account positions of `group`; none when it is not held. */
  groupRows(group: string): readonly P[] {
    return this.byGroup.get(group) ?? [];
  }

  /** The per-account positions of the viewed group. */
  get viewedRows(): readonly P[] {
    return this.viewedGroup === null ? [] : this.groupRows(this.viewedGroup);
  }

  /** V on a position: shows every account's holding of its group, nothing ticked. */
  view(position: P): void {
    this.viewSelection.clear();
    this.viewedGroup = this.config.groupOf(position);
  }

  /** Closes the per-account view and clears its ticks. */
  closeView(): void {
    this.viewedGroup = null;
    this.viewSelection.clear();
  }

  /** Whether `position` is selected in the table. */
  isSelected(position: P): boolean {
    return this.selection.has(position);
  }

  /** Selects or unselects `position` in the table. */
  setSelected(position: P, selected: boolean): void {
    this.selection.set(position, selected);
  }

  /** The toggle: enters selection mode, or leaves it and clears the selection. */
  toggleSelectionMode(): void {
    this.setSelectionMode(!this.selectionMode);
  }

  /** Enters or leaves selection mode; leaving clears the selection. */
  setSelectionMode(on: boolean): void {
    this.selectionMode = on;
    if (!on) {
      this.selection.clear();
    }
  }

  /**
   * Loads what changed since the last answer applied (a 304 keeps what is shown).
   * @throws {ApiError} when the call fails; {@link Error} when the answer is malformed.
   */
  async load(): Promise<void> {
    await this.deltaPoll.load(this.config.parse, (delta, positions) => {
      const byGroup = new Map<string, P[]>();
      for (const position of positions) {
        const group = this.config.groupOf(position);
        const list = byGroup.get(group) ?? [];
        list.push(position);
        byGroup.set(group, list);
      }
      mergeTableDelta(this.byGroup, delta.full, byGroup, delta.removed);
      this.loaded = true;
      const held = this.rows;
      this.selection.retainOnly(held);
      this.viewSelection.retainOnly(held);
    });
  }

  /** Forgets every position, leaves selection mode, closes the view and drops answers in flight. */
  reset(): void {
    this.byGroup.clear();
    this.deltaPoll.reset();
    this.loaded = false;
    this.setSelectionMode(false);
    this.closeView();
  }
}
