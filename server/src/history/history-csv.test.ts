import type { HistoryRow } from '@cove/contracts';
import { historyCsv } from './history-csv';

const row = (over: Partial<HistoryRow>): HistoryRow => ({
  _id: 'r1',
  seq: 1,
  kind: 'tip',
  reason: 'tip',
  created_at: '2026-11-28T10:00:00.000Z',
  amount: -25,
  balance_after: 75,
  debt_change: 0,
  creator: { _id: 'c1', username: 'ann' },
  chat_id: 'chat',
  message_id: '1',
  post_id: null,
  payment: null,
  offer: null,
  ...over,
});

describe('historyCsv', () => {
  it('writes a header and one CRLF line per row, amounts in dollars', () => {
    expect(historyCsv([row({})]).split('\r\n')).toEqual([
      expect.stringMatching(/^Receipt,Date \(UTC\),Kind,/),
      'r1,2026-11-28T10:00:00.000Z,Tip,Tipped ann in chat,ann,-2.50,7.50,,,,,',
      '',
    ]);
  });

  it('quotes commas and quotes, and keeps a spreadsheet from running a name as a formula', () => {
    const line = historyCsv([row({ creator: { _id: 'c', username: '=HYPERLINK("x"),y' } })]).split('\r\n')[1];
    expect(line).toBe(
      'r1,2026-11-28T10:00:00.000Z,Tip,"Tipped =HYPERLINK(""x""),y in chat","\'=HYPERLINK(""x""),y",-2.50,7.50,,,,,',
    );
  });
});
