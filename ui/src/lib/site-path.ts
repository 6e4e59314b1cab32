/**
 * Whether a link with no scheme goes to another host as a browser reads it (the server's
 * sanitizer holds the same rule, `domain::sanitize::leaves_the_site`). A browser drops tabs and
 * line breaks anywhere in a URL, trims spaces and control characters around it, and in an
 * http(s) page takes a backslash for a slash: `/\host`, `\\host` and `/<tab>/host` are all
 * `//host`, another site. `/%5Chost` and `/%2Fhost` count too: whatever decodes the path on its
 * way (a proxy, a router) makes them the same.
 */
export function leavesTheSite(href: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers trim these control characters
  let rest = href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  let slashes = 0;
  while (slashes < 2) {
    if (rest.startsWith('/') || rest.startsWith('\\')) rest = rest.slice(1);
    else if (/^%(5c|2f)/i.test(rest)) rest = rest.slice(3);
    else break;
    slashes += 1;
  }
  return slashes === 2;
}
