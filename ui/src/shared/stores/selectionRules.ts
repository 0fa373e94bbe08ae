// The rules a selection must meet before one order is made of it, and the warning when it does not.

/** A value the selected items must all share, and the warning shown when they do not. */
export interface SharedValueRule<T> {
  /** The value compared across the selected items. */
  readonly valueOf: (item: T) => unknown;
  /** The warning shown when two selected items differ in it. */
  readonly differs: string;
}

/** What a selection must meet: at least one item, then every shared-value rule in turn. */
export interface SelectionRules<T> {
  /** The warning shown when nothing is selected. */
  readonly none: string;
  /** The values the selected items must share, checked in order. */
  readonly shared?: readonly SharedValueRule<T>[];
}

/** Why `selected` breaks `rules` (the warning of the first rule broken), or null when it meets them all. */
export function selectionWarning<T>(selected: readonly T[], rules: SelectionRules<T>): string | null {
  const first = selected[0];
  if (first === undefined) {
    return rules.none;
  }
  for (const rule of rules.shared ?? []) {
    const value = rule.valueOf(first);
    if (selected.some((item) => rule.valueOf(item) !== value)) {
      return rule.differs;
    }
  }
  return null;
}

/** Calls `open` with `selected` when it meets `rules`; otherwise shows the warning saying why. */
export function openForSelection<T>(
  selected: readonly T[],
  rules: SelectionRules<T>,
  warning: { show(message: string): void },
  open: (selected: readonly T[]) => void,
): void {
  const why = selectionWarning(selected, rules);
  if (why === null) {
    open(selected);
  } else {
    warning.show(why);
  }
}
