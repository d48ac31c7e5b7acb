/** German grouping of an integer's digits, as the API's `*_formatted` fields give them: 40000 -> "40.000". */
export function formatNumber(n: number): string {
  const digits = Math.trunc(Math.abs(n)).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return n < 0 ? `-${grouped}` : grouped;
}
