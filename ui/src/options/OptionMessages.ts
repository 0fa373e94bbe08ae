// The texts the Option Trading screen shows, exactly as specified (spec 01 §5 and §8).

/** Toast and warning texts of the Option Trading screen. */
export const OptionMessages = {
  /** The place order dialog's pair (spec 01 §8, "in the order dialogs"). */
  placeSucceeded: "Place order successful",
  /** Followed by the reason when there is one: `Place order failed: <reason>`. */
  placeFailed: "Place order failed",
  chainFailed: "Failed to get option chain",
  saveIncomplete: "Please ensure option contract information is completed",
  saveSucceeded: "Save order successful",
  saveFailed: "Save order failed",
  removeSavedSucceeded: "Remove option contract save order successful",
  removeSavedFailed: "Remove option contract save order failed",
  contractSymbolMissing: "Please ensure option contract symbol is completed",
  contractExists: "Option contract is already existed",
  addContractSucceeded: "Add option contract successful",
  addContractFailed: "Add option contract failed",
  removeContractSucceeded: "Remove option contract successful",
  removeContractFailed: "Remove option contract failed",
  favoriteMissing: "Please enter a ticker symbol to add.",
  favoriteExists: "This ticker is already in your favorites.",
  favoriteAddFailed: "Failed to add favorite.",
  favoriteRemoveFailed: "Failed to remove favorite.",
  replaceSucceeded: "Replace order successful",
  replaceFailed: "Replace order failed",
  replaceSelectedSucceeded: "Replace selected order successful",
  replaceSelectedFailed: "Replace selected order failed",
  cancelSucceeded: "Order deleted successful",
  cancelFailed: "Order deleted failed",
  cancelSelectedSucceeded: "Selected order deleted successful",
  cancelSelectedFailed: "Selected order deleted failed",
  exitSucceeded: "Exit order successful",
  exitFailed: "Exit order failed",
  exitMultipleSucceeded: "Selected positions successfully exited.",
  exitMultiplePartial: "Failed to exit some or all positions.",
  exitMultipleError: "An error occurred while exiting positions.",
  selectOrder: "Please select at least one order!",
  selectPositionToExit: "Please select at least one position!",
  selectPositionToChange: "Please select at least one position.",
  quantitiesDiffer: "Quantity size of position selected are not same!",
  contractsDiffer:
    "Positions selected are not the same option contract! Use Change Selected to exit different contracts.",
} as const;
