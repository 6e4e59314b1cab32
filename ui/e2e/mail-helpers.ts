import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The mails the test SMTP server took for `address` (global-setup starts it), oldest first.
 * The notice of an authenticator added is left out unless asked for: every account the tests
 * sign in sets one up, and each set-up is mailed to it.
 */
export function mailsTo(address: string, { withSetUpNotices = false } = {}): string[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: global-setup did not start the SMTP server');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .sort()
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .filter((raw) => raw.startsWith(`X-Envelope-To: ${address}\r\n`))
    .filter((raw) => withSetUpNotices || !/^Subject: A second factor was added to your account/m.test(raw));
}

/** A mail's body with quoted-printable soft breaks and escapes undone (its headers left out). */
export function decoded(raw: string): string {
  return raw
    .slice(raw.indexOf('\r\n\r\n'))
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A link of the server's own origin to `path` (with its query's start), from a mail. */
export function linkIn(raw: string, path: string): string {
  const match = new RegExp(`https?://[^\\s<>"]+${path.replace(/[/?]/g, '\\$&')}[^\\s<>"]+`).exec(
    decoded(raw),
  );
  if (!match) throw new Error(`no ${path} link in the mail:\n${raw}`);
  return match[0];
}

/**
 * The part of a multipart mail whose type is `type` (`text/html`, `text/plain`), its
 * transfer encoding (quoted-printable or base64) undone, read as UTF-8.
 */
export function mailPart(raw: string, type: string): string {
  const start = raw.search(new RegExp(`^Content-Type: ${type.replace('/', '\\/')}`, 'mi'));
  if (start < 0) throw new Error(`no ${type} part in the mail:\n${raw}`);
  const headersEnd = raw.indexOf('\r\n\r\n', start);
  const headers = raw.slice(start, headersEnd);
  const end = raw.indexOf('\r\n--', headersEnd);
  const body = raw.slice(headersEnd + 4, end < 0 ? undefined : end);
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let at = 0; at < text.length; at++) {
    const hex = text[at] === '=' ? /^[0-9A-F]{2}/i.exec(text.slice(at + 1, at + 3))?.[0] : undefined;
    if (hex) {
      bytes.push(Number.parseInt(hex, 16));
      at += 2;
    } else bytes.push(text.charCodeAt(at));
  }
  return Buffer.from(bytes).toString('utf8');
}
