import { creditsToDollars, describeHistoryRow, type HistoryRow, historyKindLabels } from '@cove/contracts';

const HEADER = [
  'Receipt',
  'Date (UTC)',
  'Kind',
  'Description',
  'Creator',
  'Amount (USD)',
  'Balance after (USD)',
  'Owed change (USD)',
  'Payment method',
  'Charged (USD)',
  'Credits bought',
  'Bonus credits',
];

/**
 * A cell as CSV writes it: quoted when it holds a comma, quote or line break. Text a person chose
 * (a username) that a spreadsheet would run as a formula (`=`, `+`, `-`, `@` first) gets a leading
 * apostrophe; amounts are written by us and keep their minus sign.
 */
function cell(value: string, text = false): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function method(row: HistoryRow): string {
  const p = row.payment;
  if (!p) return '';
  if (p.method === 'crypto') return 'Crypto';
  return p.card_brand ? `${p.card_brand} ending ${p.card_last4 ?? ''}` : 'Card';
}

/** The rows as a CSV file (RFC 4180, CRLF line ends), one line per row in the order given. */
export function historyCsv(rows: HistoryRow[]): string {
  const lines = rows.map((r) =>
    [
      cell(r._id),
      cell(r.created_at),
      cell(historyKindLabels[r.kind]),
      cell(describeHistoryRow(r), true),
      cell(r.creator?.username ?? '', true),
      cell(creditsToDollars(r.amount)),
      cell(creditsToDollars(r.balance_after)),
      cell(r.debt_change === 0 ? '' : creditsToDollars(r.debt_change)),
      cell(method(r)),
      cell(r.payment ? creditsToDollars(r.payment.price) : ''),
      cell(r.payment ? String(r.payment.credits) : ''),
      cell(r.payment ? String(r.payment.bonus) : ''),
    ].join(','),
  );
  return [HEADER.join(','), ...lines].join('\r\n') + '\r\n';
}
