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

/** Longest filter accepted, deepest nesting of parentheses and most clauses (Typesense allows 100 operations). */
export const MAX_FILTER_LENGTH = 4096;
const MAX_DEPTH = 16;
const MAX_CLAUSES = 100;

export function parseFilter(input: string): FilterNode {
  let pos = 0;
  let depth = 0;
  let clauses = 0;
  const fail = (what: string): never => {
    // The input is not echoed: it may be long, and it is the caller's own anyway.
    throw new SearchError(400, `Could not parse the filter query: ${what} at position ${pos}.`);
  };
  if (input.length > MAX_FILTER_LENGTH) fail(`longer than ${MAX_FILTER_LENGTH} characters`);
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
      // Recursion is bounded here, so that a long run of `(` answers 400 instead of overflowing the stack.
      if (++depth > MAX_DEPTH) fail(`more than ${MAX_DEPTH} levels of parentheses`);
      const inner = expr();
      depth--;
      skipSpace();
      if (!peek(')')) fail('missing `)`');
      pos++;
      return inner;
    }
    return clause();
  }

  function clause(): FilterNode {
    if (++clauses > MAX_CLAUSES) fail(`more than ${MAX_CLAUSES} conditions`);
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

/** A node that matches only what both match: the scope of a key and the filter a request asked for. */
export function bothOf(a: FilterNode, b: FilterNode): FilterNode {
  const items = (n: FilterNode) => (n.kind === 'and' ? n.items : [n]);
  return { kind: 'and', items: [...items(a), ...items(b)] };
}

const OP_TOKEN: Record<ClauseOp, string> = { match: '', eq: '=', ne: '!=', gt: '>', ge: '>=', lt: '<', le: '<=' };
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The filter as text that Typesense (and `parseFilter`) reads back as the same tree: every group in parentheses,
 * every value that is not a plain number in backticks, so no value can close a group or add an operator. A value
 * that holds a backtick cannot be written so (Typesense has no escape): it is refused.
 */
export function filterText(node: FilterNode): string {
  if (node.kind !== 'clause') {
    const joiner = node.kind === 'and' ? ' && ' : ' || ';
    return node.items.map((item) => `(${filterText(item)})`).join(joiner);
  }
  const value = (v: FilterValue) => {
    if ('from' in v) {
      if (!NUMBER.test(v.from) || !NUMBER.test(v.to)) throw new SearchError(400, 'A range needs two numbers.');
      return `${v.from}..${v.to}`;
    }
    if (NUMBER.test(v.text)) return v.text;
    if (v.text.includes('`')) throw new SearchError(400, 'A filter value cannot contain a backtick.');
    return `\`${v.text}\``;
  };
  const listed = node.values.length > 1 || node.values.some((v) => 'from' in v);
  const values = listed ? `[${node.values.map(value).join(', ')}]` : value(node.values[0] as FilterValue);
  return `${node.field}:${OP_TOKEN[node.op]}${values}`;
}
