//! The label each form shows for a JSON field, so that messages name fields as a person sees them.

/// The form label of a JSON field name (the name itself when no form shows it).
#[must_use]
pub fn label(field: &str) -> &str {
    match field {
        "agentUsername" => "Username",
        "agentPassword" => "Password",
        "accountName" => "Name",
        "accountUsername" => "Account Username",
        "accountPassword" => "Account Password",
        "accountType" => "Account Type",
        "accountTradingActive" => "Trading Active",
        "authorizationCodeUrl" => "Account Authorization Code",
        "accountId" => "Account",
        "allTradingAccountsOrderList" => "Accounts",
        "agentTradingSessionID" => "Session",
        "optionChainSymbol" => "Option symbol",
        "optionChainDescription" => "Description",
        "optionChainInstruction" | "stockInstruction" => "Instruction",
        "optionChainOrderType" | "stockOrderType" => "Order Type",
        "optionChainQuantity" | "stockQuantity" => "Quantity",
        "optionChainPrice" | "stockPrice" => "Price",
        "optionChainOrderId" | "stockOrderId" => "Order",
        "ordersToExit" => "Positions",
        "orderLegs" => "Legs",
        "legsToUpdate" => "Legs",
        "setName" => "Set Name",
        "stockSymbol" => "Symbol",
        "stockSession" => "Session",
        "stockDuration" => "Duration",
        "stockStopPrice" => "Stop Price",
        "stockStopPriceLinkType" => "Stop Price Link Type",
        "stockStopPriceOffset" => "Stop Price Offset",
        "stockStopPriceLinkBasis" => "Stop Price Link Basis",
        "optionContractTickerName" => "Ticker",
        "optionChainCallPut" => "CALL/PUT",
        "fanOutMode" => "Fan-out mode",
        "defaultFanOutMode" => "Default fan-out mode",
        "sizing" => "Sizing",
        "sizing.method" => "Sizing Method",
        "sizing.value" => "Sizing Value",
        "sizing.belowOne" => "Below One Unit",
        "maxQuantityPerOrder" => "Max Quantity Per Order",
        "maxPositionPerSymbol" => "Max Position Per Symbol",
        "maxNotionalPerOrder" => "Max Notional Per Order",
        "allowSymbols" => "Allow Symbols",
        "denySymbols" => "Deny Symbols",
        "openClose" => "Open/Close",
        "maxOrdersPerDay" => "Max Orders Per Day",
        "splitTotal" => "Split Total",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_names_become_form_labels() {
        assert_eq!(label("optionChainQuantity"), "Quantity");
        assert_eq!(label("stockStopPrice"), "Stop Price");
        assert_eq!(label("agentUsername"), "Username");
        assert_eq!(label("somethingElse"), "somethingElse");
    }
}
