/** Whole months from one `YYYY-MM` to another: how old a monthly series is, counted one way everywhere. */
export function monthsBetween(from: string, to: string): number {
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
}
