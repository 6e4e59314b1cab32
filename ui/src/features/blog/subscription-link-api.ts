import { api } from '@/lib/api-client';
import type { MessageBody, TokenForm } from '@/lib/api-types';

/** POST {api}/corp_website/subscribers/confirm: the double opt-in link's token. */
export async function confirmSubscription(token: string): Promise<string> {
  const body: TokenForm = { token };
  const answer = await api.postJson<MessageBody>('corp_website/subscribers/confirm', body);
  return answer.body.message;
}

/** POST {api}/corp_website/subscribers/unsubscribe: an unsubscribe link's token (and the story a story mail's link names). */
export async function unsubscribe(token: string, story?: string): Promise<string> {
  const body: TokenForm = story ? { token, story } : { token };
  const answer = await api.postJson<MessageBody>('corp_website/subscribers/unsubscribe', body);
  return answer.body.message;
}
