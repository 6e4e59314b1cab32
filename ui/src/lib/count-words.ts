const WORDS = [
  'No',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
  'Twenty',
];

/** A count as it starts a sentence: `No`, `One` ... `Twenty` in words, then digits (`21`). */
export function countWord(count: number): string {
  return WORDS[count] ?? String(count);
}
