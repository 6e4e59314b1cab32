import { useEffect, useState } from 'preact/hooks';
import type { privacyContent } from '@/content/privacy';
import type { PrivacyBody } from '@/lib/api-types';
import { pageData } from '@/lib/page-data';
import { fieldOf } from '@/lib/page-fields';
import { fillText } from './fill';
import { getRetention } from './retention-api';

type Words = (typeof privacyContent)['retention'];

/** The lists in the order the notice states them. */
const LISTS = ['enquiries', 'applicants', 'subscribers'] as const;

/** `n` months, or days, in the notice's words. */
function count(n: number, one: string, many: string): string {
  return n === 1 ? one : fillText(many, { n: String(n) });
}

/**
 * Each list's rule as the owners set it now, and the trash's days: the server rendered the
 * page with them (the page data's `retention`); a page it did not render asks the API.
 */
export function RetentionRules({ words }: { words: Words }) {
  const [retention, setRetention] = useState(() => {
    // Once: a later visit of the page asks the API.
    const data = pageData();
    const taken = data.retention;
    data.retention = undefined;
    return taken;
  });
  useEffect(() => {
    if (retention) return;
    const controller = new AbortController();
    getRetention(controller.signal).then(setRetention, () => {});
    return () => controller.abort();
  }, [retention]);
  if (!retention) return null;
  return (
    <>
      <ul class="privacy-notice__rules">
        {LISTS.map((list) => {
          const months = ruleOf(retention, list);
          const at = months === null ? `${list}Kept` : `${list}Erased`;
          return (
            <li key={list} {...fieldOf(`privacyContent.retention.${at}`)}>
              {months === null
                ? words[`${list}Kept`]
                : fillText(words[`${list}Erased`], { months: count(months, words.oneMonth, words.months) })}
            </li>
          );
        })}
      </ul>
      <p {...fieldOf('privacyContent.retention.trash')}>
        {fillText(words.trash, { days: count(retention.trash_days, words.oneDay, words.days) })}
      </p>
    </>
  );
}

/** The months of `list`'s rule; null: kept until erased on request. */
function ruleOf(retention: PrivacyBody, list: string): number | null {
  return retention.rules.find((rule) => rule.list === list)?.months ?? null;
}
