/**
 * Exchange rates to EUR for salaries stated in another currency. A fixed, dated table on purpose:
 * salary buckets and sorting must not move between two imports of the same file. Review it (and
 * `EUR_RATES_AS_OF`) when rates drift by more than a few per cent; the stated amount and currency
 * are kept beside the converted one, so a card never shows dollars as euros.
 * Source: ECB euro foreign exchange reference rates, monthly average of October 2026, rounded.
 */
export const EUR_RATES_AS_OF = '2026-10-31';

/** Euros per unit of the currency. A currency not listed gives no converted salary. */
export const EUR_RATES: Readonly<Record<string, number>> = { EUR: 1, USD: 0.92, CHF: 1.05, GBP: 1.17 };
