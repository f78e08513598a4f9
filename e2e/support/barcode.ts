/**
 * EAN-13 as bars, for the fake camera (e2e/support/y4m.ts): the 95 modules of a code, 1 = black. GS1 General
 * Specifications §5.2.1: left half in sets A/B chosen by the first digit, right half in set C, guards 101/01010/101.
 */
const A = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const B = [
  '0100111',
  '0110011',
  '0011011',
  '0100001',
  '0011101',
  '0111001',
  '0000101',
  '0010001',
  '0001001',
  '0010111',
];
const C = A.map((p) => [...p].map((b) => (b === '1' ? '0' : '1')).join(''));
const PARITY = ['AAAAAA', 'AABABB', 'AABBAB', 'AABBBA', 'ABAABB', 'ABBAAB', 'ABBBAA', 'ABABAB', 'ABABBA', 'ABBABA'];

/** The check digit of the first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function ean13Modules(code: string): number[] {
  if (!/^\d{13}$/.test(code)) throw new Error(`not an EAN-13: ${code}`);
  if (ean13CheckDigit(code.slice(0, 12)) !== Number(code[12])) throw new Error(`bad check digit: ${code}`);
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0]!]!;
  let bits = '101';
  for (let i = 1; i <= 6; i++) bits += (parity[i - 1] === 'A' ? A : B)[digits[i]!]!;
  bits += '01010';
  for (let i = 7; i <= 12; i++) bits += C[digits[i]!]!;
  bits += '101';
  return [...bits].map(Number);
}

/** Code 128 symbol widths (bar, space, bar, space, bar, space), values 0–105; 106 is the stop symbol. */
const CODE128 = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232 2331112'
).split(' ');

/** A code of an even number of digits (e.g. a carton's GTIN-14) in Code 128 set C, as modules (1 = black). */
export function code128Modules(digits: string): number[] {
  if (!/^(\d\d)+$/.test(digits)) throw new Error(`not an even number of digits: ${digits}`);
  const values = [105];
  for (let i = 0; i < digits.length; i += 2) values.push(Number(digits.slice(i, i + 2)));
  const check = values.reduce((sum, v, i) => sum + v * (i === 0 ? 1 : i), 0) % 103;
  values.push(check, 106);
  const modules: number[] = [];
  for (const v of values) {
    [...CODE128[v]!].forEach((w, i) => {
      for (let k = 0; k < Number(w); k++) modules.push(i % 2 === 0 ? 1 : 0);
    });
  }
  return modules;
}

/** EAN-13 for 13 digits, Code 128 for other digit strings (cartons' GTIN-14). */
export function barcodeModules(code: string): number[] {
  return code.length === 13 ? ean13Modules(code) : code128Modules(code);
}
