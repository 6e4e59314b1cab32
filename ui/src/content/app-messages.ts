/** Texts of the app shell. SPEC.md quotes these; keep them verbatim. */
export const messages = {
  unexpectedError: 'Unexpected Application Error!',
} as const;
