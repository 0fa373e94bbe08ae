// The "Sizing and limits" section of the Account screen: every account's sizing, below-one choice and guards.
import { H2, HTMLTable, Section, SectionCard } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStores } from "../../shared/shell/StoreContext";
import { ColumnHeads } from "../../shared/tables/ColumnHeads";
import { LimitsRow } from "./LimitsRow";

/** The list's columns in order. */
export const LIMITS_COLUMNS = ["Name", "Sizing", "Below one", "Guards", "Edit"] as const;

/** A compact section listing every account's limits, one line each, refreshed by the Account screen's poll. */
export const LimitsSection = observer(function LimitsSection() {
  const { limits } = useStores();
  const rows = limits.sortedLimits;

  return (
    <Section className="cd-limits" title="Sizing and limits" titleRenderer={H2} compact>
      <SectionCard padded={false}>
        <HTMLTable className="cd-limits-table" compact striped aria-label="Sizing and limits of the accounts">
          <colgroup>
            <col className="cd-limits-name" />
            <col className="cd-limits-sizing" />
            <col className="cd-limits-below-one" />
            <col />
            <col className="cd-limits-edit" />
          </colgroup>
          <ColumnHeads columns={LIMITS_COLUMNS} />
          <tbody>
            {rows.map((row) => (
              <LimitsRow key={row.accountId} limits={row} />
            ))}
            {rows.length === 0 && (
              <tr>
                <td className="cd-empty-row" colSpan={LIMITS_COLUMNS.length}>
                  {limits.loaded ? "No trading accounts" : "Loading…"}
                </td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </SectionCard>
    </Section>
  );
});
