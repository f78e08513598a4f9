import { SearchError } from '../types';

/**
 * Typesense's `filter_by`, the subset this app uses: `field:value`, `field:=value`, `field:!=value`, `field:[a,b]`,
 * `field:=[a,b]`, `field:!=[a,b]`, numeric `field:>n`, `>=`, `<`, `<=`, ranges `field:[1..5]`, values in backticks,
 * `&&`, `||` and parentheses.
 */
export type FilterNode =
  { kind: 'and' | 'or'; items: FilterNode[] } | { kind: 'clause'; field: string; op: ClauseOp; values: FilterValue[] };

export type ClauseOp = 'match' | 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
export type FilterValue = { text: string } | { from: string; to: string };

const FIELD = /[\w.-]/;

export function parseFilter(input: string): FilterNode {
  let pos = 0;
  const fail = (what: string): never => {
    throw new SearchError(400, `Could not parse the filter query: ${what} at position ${pos} of \`${input}\`.`);
  };
  const skipSpace = () => {
    while (pos < input.length && /\s/.test(input[pos] as string)) pos++;
  };
  const peek = (s: string) => input.startsWith(s, pos);

  function expr(): FilterNode {
    const items = [andExpr()];
    skipSpace();
    while (peek('||')) {
      pos += 2;
      items.push(andExpr());
      skipSpace();
    }
    return items.length === 1 ? (items[0] as FilterNode) : { kind: 'or', items };
  }

  function andExpr(): FilterNode {
    const items = [primary()];
    skipSpace();
    while (peek('&&')) {
      pos += 2;
      items.push(primary());
      skipSpace();
    }
    return items.length === 1 ? (items[0] as FilterNode) : { kind: 'and', items };
  }

  function primary(): FilterNode {
    skipSpace();
    if (peek('(')) {
      pos++;
      const inner = expr();
      skipSpace();
      if (!peek(')')) fail('missing `)`');
      pos++;
      return inner;
    }
    return clause();
  }

  function clause(): FilterNode {
    const start = pos;
    while (pos < input.length && FIELD.test(input[pos] as string)) pos++;
    const field = input.slice(start, pos);
    if (!field) fail('expected a field name');
    skipSpace();
    if (!peek(':')) fail(`expected \`:\` after \`${field}\``);
    pos++;
    skipSpace();
    let op: ClauseOp = 'match';
    for (const [token, name] of [
      ['!=', 'ne'],
      ['>=', 'ge'],
      ['<=', 'le'],
      ['=', 'eq'],
      ['>', 'gt'],
      ['<', 'lt'],
      ['!', 'ne'],
    ] as const) {
      if (peek(token)) {
        op = name;
        pos += token.length;
        break;
      }
    }
    skipSpace();
    const values: FilterValue[] = [];
    if (peek('[')) {
      pos++;
      for (;;) {
        values.push(item(true));
        skipSpace();
        if (peek(',')) {
          pos++;
          continue;
        }
        if (peek(']')) {
          pos++;
          break;
        }
        fail('expected `,` or `]`');
      }
    } else {
      values.push(item(false));
    }
    return { kind: 'clause', field, op, values };
  }

  function item(inList: boolean): FilterValue {
    skipSpace();
    if (peek('`')) {
      const end = input.indexOf('`', pos + 1);
      if (end < 0) fail('unterminated backtick');
      const text = input.slice(pos + 1, end);
      pos = end + 1;
      return { text };
    }
    const start = pos;
    while (pos < input.length) {
      const c = input[pos] as string;
      if (c === ',' && inList) break;
      if (c === ']' && inList) break;
      if (c === ')' || peek('&&') || peek('||')) break;
      pos++;
    }
    const text = input.slice(start, pos).trim();
    if (!text) fail('expected a value');
    const range = inList ? /^(-?[\d.]+?)\s*\.\.\s*(-?[\d.]+)$/.exec(text) : null;
    if (range) return { from: range[1] as string, to: range[2] as string };
    return { text };
  }

  const tree = expr();
  skipSpace();
  if (pos < input.length) fail('unexpected text');
  return tree;
}
