// The saved order sets list: Set Name, Actions (P opens the review to place it), and Delete with confirmation.
import { Alert, Button, HTMLTable, Intent } from "@blueprintjs/core";
import { TrashIcon } from "@blueprintjs/icons";
import { observer } from "mobx-react-lite";
import { useStores } from "../../shared/shell/StoreContext";
import { showOutcome } from "../../shared/shell/toaster";
import { ColumnHeads } from "../../shared/tables/ColumnHeads";
import { RoundButton } from "../../shared/tables/RoundButton";

/** The sets in the server's order (by name). */
export const OrderSetList = observer(function OrderSetList() {
  const { verticals } = useStores();
  const sets = verticals.sets;
  return (
    <section className="cd-saved-list cd-order-sets" aria-label="Saved order sets">
      <h2 className="cd-panel-title">Order Sets</h2>
      <HTMLTable className="cd-option-table" compact striped aria-label="Order sets">
        <ColumnHeads columns={["Set Name", "Actions", "Delete"]} />
        <tbody>
          {sets.sets.map((set) => (
            <tr key={set.setName}>
              <td>
                <span className="cd-truncate cd-set-name" title={set.setName}>
                  {set.setName}
                </span>
              </td>
              <td>
                <RoundButton
                  letter="P"
                  label={`Place set ${set.setName}`}
                  intent={Intent.SUCCESS}
                  onClick={() => verticals.reviewDialog.open(set)}
                />
              </td>
              <td>
                <Button
                  variant="minimal"
                  size="small"
                  icon={<TrashIcon />}
                  aria-label={`Delete set ${set.setName}`}
                  title="Delete set"
                  disabled={sets.pending}
                  onClick={() => sets.askDelete(set.setName)}
                />
              </td>
            </tr>
          ))}
          {sets.sets.length === 0 && (
            <tr>
              <td className="cd-empty-row" colSpan={3}>
                {sets.loaded ? "No saved sets" : "Loading…"}
              </td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
      <Alert
        isOpen={sets.deleteName !== null}
        intent={Intent.DANGER}
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        loading={sets.pending}
        onCancel={sets.cancelDelete}
        onConfirm={() => void sets.confirmDelete().then(showOutcome)}
      >
        <p>{`Delete the order set ${sets.deleteName ?? ""}?`}</p>
      </Alert>
    </section>
  );
});
