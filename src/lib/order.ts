// One collation for every sorted list the service writes: code points, the same on every host
// (`localeCompare` follows the host's locale, and Lithuanian sorts "y" between "i" and "j").

export function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
