import { afterEach, describe, expect, it, vi } from 'vitest';
import { addSpeculationRules, SPECULATION_RULES_URL } from './speculation-rules';

const RULES = '{"prefetch":[{"source":"document","where":{"href_matches":"/*"},"eagerness":"moderate"}]}';

function browserKnowsRules(knows: boolean) {
  vi.spyOn(HTMLScriptElement, 'supports').mockImplementation((type) => knows && type === 'speculationrules');
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const script of document.head.querySelectorAll('script[type="speculationrules"]')) script.remove();
});

describe('addSpeculationRules', () => {
  it("adds the server's rules once, as a rules script", async () => {
    browserKnowsRules(true);
    const fetched = vi.fn(async () => new Response(RULES, { status: 200 }));
    vi.stubGlobal('fetch', fetched);
    expect(await addSpeculationRules()).toBe(true);
    expect(await addSpeculationRules()).toBe(true);
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(fetched.mock.calls[0]).toEqual([
      SPECULATION_RULES_URL,
      { cache: 'no-cache', credentials: 'omit' },
    ]);
    const scripts = document.head.querySelectorAll('script[type="speculationrules"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.textContent).toBe(RULES);
  });

  it('adds nothing when the browser knows no rules, or the rules do not come', async () => {
    browserKnowsRules(false);
    const fetched = vi.fn(async () => new Response(RULES, { status: 200 }));
    vi.stubGlobal('fetch', fetched);
    expect(await addSpeculationRules()).toBe(false);
    expect(fetched).not.toHaveBeenCalled();

    browserKnowsRules(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 503 })),
    );
    expect(await addSpeculationRules()).toBe(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await addSpeculationRules()).toBe(false);
    expect(document.head.querySelector('script[type="speculationrules"]')).toBeNull();
  });
});
