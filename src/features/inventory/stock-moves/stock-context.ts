/** What the order/transfer screens need of the member's tenant (the route reads it from the current member). */
export interface StockContext {
  dateFormat: string;
  timeZone: string;
  /** The tenant flag: a write-off leaves the to-warehouse empty. */
  writeOffWithoutTo: boolean;
  /** The depos the member works in, for the Depo select. */
  depos: ReadonlyArray<{ id: number; title: string }>;
}
