// The texts the Stock Trading screen shows, exactly as specified (spec 02 §5, §8).

/** Toast and warning texts of the Stock Trading screen. */
export const StockMessages = {
  placeSucceeded: "Copy trading successful",
  placeFailed: "Copy trading failed",
  replaceSucceeded: "Replace selected order successful",
  replaceFailed: "Replace selected order failed",
  /** One account's order replaced from its row (the individual variant): the specs' replace-one texts. */
  replaceIndividualSucceeded: "Replace order successful",
  replaceIndividualFailed: "Replace order failed",
  cancelSucceeded: "Selected order deleted successful",
  cancelFailed: "Selected order deleted failed",
  exitSucceeded: "Exit order successful",
  exitFailed: "Exit order failed",
  saveSucceeded: "Save order successful",
  saveFailed: "Save order failed",
  saveIncomplete: "Please ensure stock information is completed",
  removeSavedSucceeded: "Remove stock save order successful",
  removeSavedFailed: "Remove stock save order failed",
  addStockSucceeded: "Add stock successful",
  addStockFailed: "Add stock failed",
  removeStockSucceeded: "Remove stock successful",
  removeStockFailed: "Remove stock failed",
  stockExists: "Stock is already existed",
  stockSymbolMissing: "Please ensure stock symbol is completed",
  quoteFailed: "Failed to get stock",
  selectOrder: "Please select at least one order!",
  selectPosition: "Please select at least one position!",
  selectPositionToChange: "Please select at least one position.",
  quantitiesDiffer: "Quantity size of position selected are not same!",
  symbolsDiffer: "Positions selected are not the same stock! Use Change Selected to exit different stocks.",
} as const;

/** `text` followed by the server's reason, when there is one. */
export function withReason(text: string, reason: string): string {
  const trimmed = reason.trim();
  return trimmed === "" ? text : `${text}: ${trimmed}`;
}
