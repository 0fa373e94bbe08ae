// A strip plot of a session's fill prices: one dot per account at its average fill price, the VWAP as a line.
import { CartesianGrid, ReferenceLine, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from "recharts";
import type { FairnessRecord } from "./Fairness";

/** Props of {@link FairnessStripPlot}. */
export interface FairnessStripPlotProps {
  readonly record: FairnessRecord;
}

/** The longest account name the axis shows whole; longer ones are cut with an ellipsis (the tooltip and the
 * caption keep them whole), so each name stays on one line beside its own dot. */
export const AXIS_NAME_CHARS = 20;

/** Pixels per account row, enough for one line of the axis's text. */
const ROW_PX = 26;

/** `name` cut to {@link AXIS_NAME_CHARS} characters with an ellipsis when longer. */
export function axisName(name: string): string {
  return name.length <= AXIS_NAME_CHARS ? name : `${name.slice(0, AXIS_NAME_CHARS - 1).trimEnd()}…`;
}

/** One dot: an account's average fill price on its own row. */
interface Dot {
  readonly account: string;
  readonly price: number;
  readonly filled: number;
}

/** The fill prices of the accounts that filled, drawn with recharts (SVG). */
export function FairnessStripPlot({ record }: FairnessStripPlotProps) {
  const dots: Dot[] = record.accounts.flatMap((a) =>
    a.averagePrice === null || a.filledQuantity === 0
      ? []
      : [{ account: a.accountName, price: a.averagePrice, filled: a.filledQuantity }],
  );
  if (dots.length === 0) {
    return <p className="cd-fairness-empty">No account has a fill yet.</p>;
  }
  const accounts = dots.map((d) => d.account);
  // Every account gets its row however many there are; the dialog scrolls.
  const height = 72 + accounts.length * ROW_PX;
  return (
    <figure className="cd-fairness-plot" aria-label="Fill price per account">
      <ScatterChart width={560} height={height} margin={{ top: 24, right: 24, bottom: 24, left: 24 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          type="number"
          dataKey="price"
          name="Average fill price"
          domain={["auto", "auto"]}
          label={{ value: "Average fill price", position: "insideBottom", offset: -12 }}
        />
        <YAxis
          type="category"
          dataKey="account"
          name="Account"
          width={150}
          interval={0}
          tickFormatter={axisName}
          allowDuplicatedCategory={false}
        />
        <Tooltip cursor={{ strokeDasharray: "3 3" }} />
        {record.vwap !== null && (
          <ReferenceLine x={record.vwap} stroke="#147eb3" strokeDasharray="4 2" label={{ value: "VWAP", position: "top" }} />
        )}
        <Scatter name="Fills" data={dots} fill="#238551" />
      </ScatterChart>
      <figcaption className="cd-fairness-caption">
        {dots.map((d) => `${d.account}: ${d.filled} at ${d.price}`).join("; ")}
      </figcaption>
    </figure>
  );
}
