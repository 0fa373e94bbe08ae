// The strike price type-ahead of the place dialog: the chosen expiry's strikes, filtered by prefix.
import { Intent, MenuItem } from "@blueprintjs/core";
import { Suggest, type ItemRenderer } from "@blueprintjs/select";
import { observer } from "mobx-react-lite";
import { filterStrikes, type ChainStrike } from "../../shared/orderForm/OptionChain";
import type { PlaceOrderDialogStore } from "./PlaceOrderDialogStore";

const renderStrike: ItemRenderer<ChainStrike> = (entry, { handleClick, handleFocus, modifiers, ref }) =>
  modifiers.matchesPredicate ? (
    <MenuItem
      key={entry.strike}
      ref={ref}
      roleStructure="listoption"
      text={entry.strike}
      active={modifiers.active}
      onClick={handleClick}
      onFocus={handleFocus}
    />
  ) : null;

/** Props of {@link StrikeSuggest}. */
export interface StrikeSuggestProps {
  /** The place dialog's store. */
  readonly dialog: PlaceOrderDialogStore;
  /** Id of the input, for its label. */
  readonly inputId: string;
}

/** Typing filters the strikes by prefix (ignoring case); choosing one fills description, symbol and price. */
export const StrikeSuggest = observer(function StrikeSuggest({ dialog, inputId }: StrikeSuggestProps) {
  return (
    <Suggest<ChainStrike>
      fill
      items={[...dialog.strikes]}
      selectedItem={dialog.strikeEntry}
      query={dialog.strikeQuery}
      onQueryChange={dialog.setStrikeQuery}
      itemListPredicate={(query, items) => filterStrikes(items, query)}
      itemRenderer={renderStrike}
      itemsEqual="strike"
      inputValueRenderer={(entry) => entry.strike}
      onItemSelect={dialog.setStrike}
      noResults={<MenuItem disabled roleStructure="listoption" text="No matching strike" />}
      disabled={dialog.strikes.length === 0}
      resetOnSelect
      inputProps={{
        id: inputId,
        placeholder: "Strike",
        intent: dialog.strikeProblem === null ? Intent.NONE : Intent.DANGER,
        "aria-invalid": dialog.strikeProblem !== null,
      }}
      menuProps={{ className: "cd-strike-menu" }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
    />
  );
});
