/*
 * Amounts of money as podc shows and compares them. Prices are decimals a person typed (0.05 per take), and sums of
 * binary floating-point numbers drift (3 × 0.05 = 0.15000000000000002): amounts are rounded to millionths before they
 * are shown, compared with a cap or written as JSON, far below any price the service could charge.
 */

const MILLIONTHS = 1_000_000;

/** `amount` rounded to millionths of the currency unit. */
export function roundMoney(amount: number): number {
  return Math.round(amount * MILLIONTHS) / MILLIONTHS;
}

/** Whether `estimate` is more than `cap`, once both are rounded as amounts are. */
export function exceeds(estimate: number, cap: number): boolean {
  return roundMoney(estimate) > roundMoney(cap);
}

/**
 * `amount` with its currency, for a person: two decimals (`12.40 USD`), more for an amount below one unit that two
 * would hide (`0.0045 USD`, at most four), and thousands separated (`1,250.00 USD`).
 */
export function formatMoney(amount: number, currency: string): string {
  return `${formatAmount(amount, moneyDecimals(amount))} ${currency}`;
}

/** The decimals `amount` needs to be shown as formatMoney shows it: 2 to 4. */
export function moneyDecimals(amount: number): number {
  const rounded = roundMoney(amount);
  let decimals = 2;
  while (decimals < 4 && rounded !== 0 && Math.abs(rounded) < 1 && roundTo(rounded, decimals) !== roundTo(rounded, 4)) decimals++;
  return decimals;
}

/** `amount` with exactly `decimals` decimals and thousands separated, without a currency (a column of costs). */
export function formatAmount(amount: number, decimals: number): string {
  return roundMoney(amount).toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true });
}

function roundTo(amount: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(amount * scale) / scale;
}
