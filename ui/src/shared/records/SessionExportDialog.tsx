// The audit export dialog: pick the days and the format, then download every session of the window.
import { AnchorButton, Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Intent } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useStores } from "../shell/StoreContext";
import type { ExportFormat } from "./SessionExportStore";

/** Downloads the agent's sessions of a window of days as CSV (opens in a spreadsheet) or JSON. */
export const SessionExportDialog = observer(function SessionExportDialog() {
  const { records } = useStores();
  const exporter = records.exporter;
  const href = exporter.href;
  return (
    <Dialog isOpen={exporter.isOpen} onClose={exporter.close} title="Download sessions" className="cd-export-dialog">
      <DialogBody>
        <p>
          Every session of every screen created in the window: who, when, the command, each account&apos;s order,
          status, reason and fill, and the replace chain.
        </p>
        <FormGroup label="From" labelFor="cd-export-from">
          <InputGroup
            id="cd-export-from"
            type="date"
            value={exporter.from}
            onChange={(e) => exporter.setFrom(e.target.value)}
          />
        </FormGroup>
        <FormGroup label="To" labelFor="cd-export-to" helperText="Included; days are in UTC">
          <InputGroup id="cd-export-to" type="date" value={exporter.to} onChange={(e) => exporter.setTo(e.target.value)} />
        </FormGroup>
        <FormGroup label="Format" labelFor="cd-export-format">
          <HTMLSelect
            id="cd-export-format"
            value={exporter.format}
            onChange={(e) => exporter.setFormat(e.target.value as ExportFormat)}
            options={[
              { value: "csv", label: "CSV (spreadsheet)" },
              { value: "json", label: "JSON" },
            ]}
          />
        </FormGroup>
        {exporter.problem !== null && <Callout intent={Intent.WARNING}>{exporter.problem}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="CANCEL" onClick={exporter.close} />
            <AnchorButton
              intent={Intent.PRIMARY}
              text="Download"
              href={href ?? undefined}
              download
              disabled={href === null}
              onClick={exporter.close}
            />
          </>
        }
      />
    </Dialog>
  );
});
