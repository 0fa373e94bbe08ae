// The texts the Vertical Trading screen shows, exactly as specified (spec 02 §5 and §8).

/** Toast, warning and prompt texts of the Vertical Trading screen. */
export const VerticalMessages = {
  exitSucceeded: "Exit order successful",
  exitFailed: "Exit order failed",
  exitMultipleSucceeded: "Selected positions successfully exited.",
  exitMultiplePartial: "Failed to exit some or all positions.",
  exitMultipleError: "An error occurred while exiting positions.",
  chainFailed: "Failed to get option chain.",
  placeSucceeded: "Copy trading successful",
  placeFailed: "Copy trading failed",
  /** Followed by the server's text. */
  placeFailedWith: "Copy trading failed: ",
  setSaved: "Order set saved successfully.",
  setSaveFailed: "Save order set failed.",
  legsCanceled: "Selected legs canceled successfully",
  legsCancelFailed: "Order cancellation failed",
  replaceSucceeded: "Replace order successful",
  replaceFailed: "Replace order failed",
  deleteSucceeded: "Order deleted successful",
  deleteFailed: "Order deleted failed",
  legsPlaced: "Selected legs placed successfully as new orders.",
  /** Followed by the server's text. */
  legsPlaceFailed: "Place order failed: ",
  setDeleted: "Set deleted successfully.",
  setDeleteFailed: "Failed to delete set.",
  setPlaced: "Order set placed successfully!",
  /** Followed by the server's text. */
  setPlaceFailed: "Failed to place orders: ",
  /** Followed by the error's message. */
  setPlaceError: "Error placing orders: ",
  setEmpty: "There are no orders in this set to place.",
  selectPositionToExit: "Please select at least one position!",
  quantitiesDiffer: "Quantity size of position selected are not same!",
  selectPositionToChange: "Please select at least one position.",
  selectContract: "Please select a valid option contract first.",
  noLegsToPlace: "Please add at least one symbol order to the list before placing.",
  noLegsToSave: "Please add at least one symbol order to the list before saving.",
  setNamePrompt: "Enter a name for this order set:",
  selectLegToCancel: "Please select at least one leg to cancel.",
  selectLegToReplace: "Please select at least one leg to replace.",
  selectLegToPlace: "Please select at least one leg to place.",
  alreadyCanceled: "(Already Canceled)",
} as const;

/**
 * The spec's failure `text` followed by the server's reason: after a colon, or after a space when the text
 * ends a sentence ("Save order set failed. Set Name is already taken").
 */
export function withReason(text: string, reason: string): string {
  if (reason === "") {
    return text;
  }
  return text.endsWith(".") ? `${text} ${reason}` : `${text}: ${reason}`;
}
