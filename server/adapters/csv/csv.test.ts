import { describe, expect, it } from 'vitest';
import { spreadsheetCell, toCsv } from './csv';

describe('CSV cells', () => {
  it('neutralises text that a spreadsheet would run as a formula, and leaves numbers and plain text', () => {
    for (const formula of ['=HYPERLINK("http://x","y")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(spreadsheetCell(formula), formula).toBe(`'${formula}`);
    }
    for (const plain of ['-12.50', '+3', '4900', 'Harbour at dawn', 'a=b', '']) {
      expect(spreadsheetCell(plain), plain).toBe(plain);
    }
  });

  it('applies to every cell of an export, headers kept', () => {
    const csv = toCsv(
      [
        ['=1+2', '-5.00'],
        ['Sea', '12'],
      ],
      { header: true, columns: ['title', 'amount'] },
    );
    expect(csv).toBe("title,amount\n'=1+2,-5.00\nSea,12\n");
  });
});
