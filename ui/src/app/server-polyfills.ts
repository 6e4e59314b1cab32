/**
 * The few web APIs the pages use while rendering that QuickJS (the binary's JavaScript engine)
 * does not have. Only the server bundle imports this file.
 */

class SearchParams {
  private readonly list: [string, string][] = [];

  constructor(init?: string | Record<string, string> | [string, string][]) {
    if (typeof init === 'string') {
      for (const part of init.replace(/^\?/, '').split('&')) {
        if (!part) continue;
        const at = part.indexOf('=');
        const decode = (text: string) => {
          try {
            return decodeURIComponent(text.replace(/\+/g, ' '));
          } catch {
            return text;
          }
        };
        this.list.push(at < 0 ? [decode(part), ''] : [decode(part.slice(0, at)), decode(part.slice(at + 1))]);
      }
    } else if (Array.isArray(init)) {
      for (const [key, value] of init) this.list.push([key, String(value)]);
    } else if (init) {
      for (const key of Object.keys(init)) this.list.push([key, String(init[key])]);
    }
  }

  get(name: string): string | null {
    return this.list.find(([key]) => key === name)?.[1] ?? null;
  }

  getAll(name: string): string[] {
    return this.list.filter(([key]) => key === name).map(([, value]) => value);
  }

  has(name: string): boolean {
    return this.list.some(([key]) => key === name);
  }

  set(name: string, value: string): void {
    this.delete(name);
    this.list.push([name, String(value)]);
  }

  append(name: string, value: string): void {
    this.list.push([name, String(value)]);
  }

  delete(name: string): void {
    const kept = this.list.filter(([key]) => key !== name);
    this.list.splice(0, this.list.length, ...kept);
  }

  forEach(callback: (value: string, key: string) => void): void {
    for (const [key, value] of this.list) callback(value, key);
  }

  keys(): IterableIterator<string> {
    return this.list.map(([key]) => key)[Symbol.iterator]();
  }

  entries(): IterableIterator<[string, string]> {
    return this.list.slice()[Symbol.iterator]();
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  toString(): string {
    const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');
    return this.list.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
  }
}

/**
 * Enough of URL for React Router's static navigator and the pages: absolute `scheme://host`
 * URLs and paths against a base, split into their parts. No normalization of `..` segments.
 */
class SimpleUrl {
  readonly protocol: string;
  readonly host: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;

  constructor(input: string, base?: string) {
    const absolute = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#]*)(.*)$/i;
    let match = absolute.exec(input);
    if (!match) {
      const root = base === undefined ? null : absolute.exec(String(base));
      if (!root) throw new TypeError(`Invalid URL: ${input}`);
      const path = input.startsWith('/') ? input : `/${input}`;
      match = [input, root[1], root[2], path] as unknown as RegExpExecArray;
    }
    const rest = match[3] ?? '';
    const hashAt = rest.indexOf('#');
    const beforeHash = hashAt < 0 ? rest : rest.slice(0, hashAt);
    const queryAt = beforeHash.indexOf('?');
    this.protocol = (match[1] ?? '').toLowerCase();
    this.host = (match[2] ?? '').toLowerCase();
    this.pathname = (queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt)) || '/';
    const search = queryAt < 0 ? '' : beforeHash.slice(queryAt);
    this.search = search === '?' ? '' : search;
    const hash = hashAt < 0 ? '' : rest.slice(hashAt);
    this.hash = hash === '#' ? '' : hash;
  }

  get origin(): string {
    return `${this.protocol}//${this.host}`;
  }

  get hostname(): string {
    return this.host.replace(/:\d+$/, '');
  }

  get searchParams(): URLSearchParams {
    return new URLSearchParams(this.search);
  }

  get href(): string {
    return `${this.origin}${this.pathname}${this.search}${this.hash}`;
  }

  toString(): string {
    return this.href;
  }
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `dateStyle: 'long'` in UTC as en-US writes it; the browser re-formats in its own locale. */
class LongDateFormat {
  format(date: Date): string {
    return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  }
}

const scope = globalThis as Record<string, unknown>;
if (typeof scope.URLSearchParams === 'undefined') scope.URLSearchParams = SearchParams;
if (typeof scope.URL === 'undefined') scope.URL = SimpleUrl;
if (typeof scope.Intl === 'undefined') scope.Intl = { DateTimeFormat: LongDateFormat };
if (typeof scope.console === 'undefined') {
  const ignore = () => {};
  scope.console = { log: ignore, info: ignore, warn: ignore, error: ignore, debug: ignore };
}
