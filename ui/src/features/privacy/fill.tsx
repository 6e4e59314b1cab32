import type { ComponentChildren } from 'preact';
import { Fragment } from 'preact';

/**
 * `frame` with each `{name}` in it replaced by `parts[name]` (text or an element); a name
 * `parts` does not have is left as it is written.
 */
export function fill(frame: string, parts: Record<string, ComponentChildren>): ComponentChildren[] {
  return frame.split(/(\{[a-z]+\})/).map((piece, index) => {
    const name = /^\{([a-z]+)\}$/.exec(piece)?.[1];
    const part = name !== undefined && Object.hasOwn(parts, name) ? parts[name] : piece;
    return <Fragment key={index}>{part}</Fragment>;
  });
}

/** `frame` with each `{name}` replaced by its text, as one string. */
export function fillText(frame: string, parts: Record<string, string>): string {
  return frame.replace(
    /\{([a-z]+)\}/g,
    (whole, name: string) => (Object.hasOwn(parts, name) ? parts[name] : whole) ?? whole,
  );
}
