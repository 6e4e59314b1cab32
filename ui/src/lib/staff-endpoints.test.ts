// Every staff API path comes from the generated `staff-endpoints.ts`: a path written by hand
// elsewhere would not follow the server's table when it changes.

import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>('/src/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** A staff API path written by hand: as a string's start, as `apiPath`'s first segment, or as a URL. */
const HAND_WRITTEN = ["'staff/", '"staff/', '`staff/', "apiPath('staff'", '/api/staff/'];

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const isComment = (line: string) => /^\s*(\/\/|\*|\/\*)/.test(line);

/** The lines of `text` (comments aside) that write a staff API path by hand, as `line: text`. */
function handWrittenPaths(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      !isComment(line) && HAND_WRITTEN.some((needle) => line.includes(needle))
        ? [`${index + 1}: ${line.trim()}`]
        : [],
    );
}

describe('staff API paths', () => {
  it('reads the sources', () => {
    expect(Object.keys(sources)).toContain('/src/lib/staff-endpoints.ts');
    expect(Object.keys(sources)).toContain('/src/lib/staff-client.ts');
  });

  it('are written only in the generated staff-endpoints.ts', () => {
    const found = Object.entries(sources)
      .filter(([file]) => !isTest(file) && file !== '/src/lib/staff-endpoints.ts')
      .flatMap(([file, text]) => handWrittenPaths(text).map((line) => `${file}:${line}`));
    expect(found).toEqual([]);
  });

  it('finds a path written by hand, and not one in a comment', () => {
    expect(handWrittenPaths("staffApi.get('staff/team')")).toHaveLength(1);
    expect(handWrittenPaths('request("GET", "staff/session")')).toHaveLength(1);
    expect(handWrittenPaths('const p = `staff/team`;')).toHaveLength(1);
    expect(handWrittenPaths("apiPath('staff', 'inbox', list)")).toHaveLength(1);
    expect(handWrittenPaths('const url = base + "/api/staff/inbox";')).toHaveLength(1);
    expect(handWrittenPaths("// staffApi.get('staff/team')\n * `/api/staff/team`\n/* 'staff/x' */")).toEqual(
      [],
    );
  });
});
