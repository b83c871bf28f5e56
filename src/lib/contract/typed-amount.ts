// An amount of money as a person types it in any of the pages' languages (CONTRACT-NOTES, "Money
// typed by a person"): "40,000", "40.000", "40 000" and "$40,000.50" are all read; what cannot be
// read one way only ("4,00", "40.0000") is refused, never taken as another sum. Intl has no parser,
// and the form must read the same text the same way in every language, so the rule is written here.

/** Thousands may be grouped by a comma, a full stop or a space (plain, no-break or narrow no-break). */
const GROUPED = /^(\d{1,3})((?:([,. \u00a0\u202f])\d{3})(?:\3\d{3})*)(?:([.,])(\d{1,2}))?$/u;
/** Without groups, a decimal part follows a full stop: "4,00" is not four dollars, nor four hundred. */
const PLAIN = /^(\d+)(?:\.(\d{1,2}))?$/u;

/** What a money field holds: nothing, an amount in dollars, or text that cannot be read as one. */
export type TypedAmount = { kind: 'empty' } | { kind: 'amount'; dollars: number } | { kind: 'unreadable' };

/** Reads a typed amount: a "$" before or after and a minus sign are taken; the decimal mark must differ from the groups'. */
export function readTypedAmount(typed: string): TypedAmount {
  let text = typed.trim();
  if (text === '') return { kind: 'empty' };
  const negative = text.startsWith('-') || text.startsWith('\u2212');
  if (negative) text = text.slice(1).trim();
  text = text.replace(/^\$\s*/u, '').replace(/\s*\$$/u, '');
  let whole: string;
  let fraction: string | undefined;
  const grouped = GROUPED.exec(text);
  const plain = PLAIN.exec(text);
  if (grouped) {
    const [, head = '', groups = '', separator, mark, decimals] = grouped;
    if (mark !== undefined && mark === separator) return { kind: 'unreadable' };
    whole = head + groups.replace(/\D/gu, '');
    fraction = decimals;
  } else if (plain) {
    whole = plain[1] ?? '';
    fraction = plain[2];
  } else {
    return { kind: 'unreadable' };
  }
  const dollars = Number(`${whole}.${(fraction ?? '').padEnd(2, '0')}`);
  return { kind: 'amount', dollars: negative ? -dollars : dollars };
}
