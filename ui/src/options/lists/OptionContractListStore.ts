// The option contract list (favourite tickers): loading it, adding and removing tickers.
import { makeAutoObservable, runInAction } from "mobx";
import { ApiError } from "../../shared/api/ApiError";
import { OptionContractPaths } from "../optionPaths";
import { parseContractList } from "./OptionContractList";
import { OptionMessages } from "../OptionMessages";
import { failed, failedWith, succeeded, type Outcome } from "../../shared/stores/Outcome";
import { reasonOf } from "../../shared/api/describeError";
import { problemSentence, tickerProblem } from "../../shared/orderForm/fieldChecks";
import type { StoreDeps } from "../../shared/shell/StoreDeps";

/**
 * Where a ticker is added or removed. The favourites panel of the screen and the left panel of the place
 * dialog edit the same list but speak differently (spec 01 §5, §8).
 */
export type ContractListPlace = "favorites" | "dialog";

/** The label of the favourites panel's ticker input. */
export const FAVORITE_INPUT_LABEL = "Ticker symbol";

/** The label of the place dialog's ticker input. */
export const CONTRACT_INPUT_LABEL = "Option contract symbol";

/** The code of the server's refusal of a ticker already in the list. */
const DUPLICATE_CODE = "option_contract_exists";

/** The agent's option contract list, shared by the favourites panel and the place dialog. */
export class OptionContractListStore {
  /** The tickers, in the server's order. */
  tickers: string[] = [];
  /** True once the list has been loaded. */
  loaded = false;
  /** True while an add or remove is in flight. */
  pending = false;
  /** The favourites panel's ticker input. */
  favoriteInput = "";

  private readonly deps: StoreDeps;

  /** @param deps The root store (API client). */
  constructor(deps: StoreDeps) {
    this.deps = deps;
    makeAutoObservable<this, "deps">(this, { deps: false }, { autoBind: true });
  }

  /** What is wrong with the favourites panel's input (not a ticker), or null. */
  get favoriteInputProblem(): string | null {
    return tickerProblem(this.favoriteInput);
  }

  /** Sets the favourites panel's input, upper-cased. */
  setFavoriteInput(value: string): void {
    this.favoriteInput = value.toUpperCase();
  }

  /** Loads the list; a failure is only logged. */
  async load(): Promise<void> {
    try {
      const tickers = parseContractList(await this.deps.api.get(OptionContractPaths.list));
      runInAction(() => {
        this.tickers = tickers;
        this.loaded = true;
      });
    } catch (error) {
      console.error("Loading the option contract list failed", error);
    }
  }

  /** Adds the favourites panel's input; the input is emptied once the ticker is in the list. */
  async addFavorite(): Promise<Outcome | null> {
    const outcome = await this.add(this.favoriteInput, "favorites");
    if (outcome === null) {
      runInAction(() => {
        this.favoriteInput = "";
      });
    }
    return outcome;
  }

  /**
   * Adds `ticker` (upper-cased). Refuses an empty, malformed or duplicate ticker without a request. Returns
   * what to show, with the reason of a failure; null for a favourite added (the list shows it).
   */
  async add(ticker: string, place: ContractListPlace): Promise<Outcome | null> {
    const symbol = ticker.trim().toUpperCase();
    const texts = addTexts(place);
    if (symbol === "") {
      return failed(texts.missing);
    }
    const shape = tickerProblem(symbol);
    if (shape !== null) {
      return failedWith(texts.failed, problemSentence({ label: texts.label, helper: shape }));
    }
    if (this.tickers.includes(symbol)) {
      return failed(texts.duplicate);
    }
    if (this.pending) {
      return failed(texts.failed);
    }
    this.pending = true;
    let outcome: Outcome | null;
    try {
      const tickers = parseContractList(
        await this.deps.api.post(OptionContractPaths.add, { optionChainSymbol: symbol }),
      );
      runInAction(() => {
        this.tickers = tickers;
      });
      outcome = place === "dialog" ? succeeded(OptionMessages.addContractSucceeded) : null;
    } catch (error) {
      console.error("Adding the option contract failed", error);
      outcome =
        error instanceof ApiError && error.code === DUPLICATE_CODE
          ? failed(texts.duplicate)
          : failedWith(texts.failed, reasonOf(error));
    }
    runInAction(() => {
      this.pending = false;
    });
    return outcome;
  }

  /** Removes `ticker`. Returns what to show; null for a favourite removed. */
  async remove(ticker: string, place: ContractListPlace): Promise<Outcome | null> {
    const failure = place === "dialog" ? OptionMessages.removeContractFailed : OptionMessages.favoriteRemoveFailed;
    if (ticker.trim() === "") {
      return failed(place === "dialog" ? OptionMessages.contractSymbolMissing : failure);
    }
    if (this.pending) {
      return failed(failure);
    }
    this.pending = true;
    let outcome: Outcome | null;
    try {
      const tickers = parseContractList(
        await this.deps.api.delete(OptionContractPaths.remove, { optionChainSymbol: ticker }),
      );
      runInAction(() => {
        this.tickers = tickers;
      });
      outcome = place === "dialog" ? succeeded(OptionMessages.removeContractSucceeded) : null;
    } catch (error) {
      console.error("Removing the option contract failed", error);
      outcome = failedWith(failure, reasonOf(error));
    }
    runInAction(() => {
      this.pending = false;
    });
    return outcome;
  }

  /** Forgets the list (another agent signed in, or nobody). */
  reset(): void {
    this.tickers = [];
    this.loaded = false;
    this.favoriteInput = "";
  }
}

function addTexts(place: ContractListPlace) {
  return place === "dialog"
    ? {
        label: CONTRACT_INPUT_LABEL,
        missing: OptionMessages.contractSymbolMissing,
        duplicate: OptionMessages.contractExists,
        failed: OptionMessages.addContractFailed,
      }
    : {
        label: FAVORITE_INPUT_LABEL,
        missing: OptionMessages.favoriteMissing,
        duplicate: OptionMessages.favoriteExists,
        failed: OptionMessages.favoriteAddFailed,
      };
}
