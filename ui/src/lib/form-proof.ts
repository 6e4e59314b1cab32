import type { ChallengeBody, ProofForm } from './api-types';

/**
 * The proof of work a form's post carries (`Form-Proof`), loaded when one of its fields first
 * gets focus (`use-form.ts`): a challenge is asked of the server at once and solved in a Web
 * Worker while the visitor types, so sending waits at most for what is left of the solving.
 * Each answer is sent once; one near its expiry is solved afresh. It imports nothing at run
 * time (the challenge is asked through `ask`, the caller's API client), so loading it loads
 * this file alone.
 */

/** Asks the server for a challenge (`GET /api/form-proof?form=`). */
export type AskChallenge = (form: ProofForm) => Promise<ChallengeBody>;

interface Answer {
  header: string;
  expires: number;
}

/** Time an answer must still have before it expires to be sent (a slow upload included). */
const MARGIN_MS = 60_000;

const prepared = new Map<ProofForm, Promise<Answer>>();

async function solveNew(form: ProofForm, ask: AskChallenge): Promise<Answer> {
  const body = await ask(form);
  const started = performance.now();
  const nonce = await new Promise<number>((resolve, reject) => {
    const worker = new Worker(new URL('./form-proof-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<number>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = () => {
      worker.terminate();
      reject(new Error('The proof of work could not be solved.'));
    };
    worker.postMessage([body.challenge, body.bits]);
  });
  const ms = Math.round(performance.now() - started);
  return { header: `${body.challenge}.${nonce}.${ms}`, expires: Date.parse(body.expires_at) };
}

/** Starts solving a challenge for `form`'s next post, unless one is on its way. */
export function prepare(form: ProofForm, ask: AskChallenge): void {
  if (prepared.has(form)) return;
  const answer = solveNew(form, ask);
  prepared.set(form, answer);
  answer.catch(() => prepared.delete(form));
}

/** The `Form-Proof` value for one post of `form`: the prepared answer if it is still good. */
export async function proofFor(form: ProofForm, ask: AskChallenge): Promise<string> {
  const waiting = prepared.get(form);
  prepared.delete(form);
  const answer = await waiting?.catch(() => undefined);
  if (answer && answer.expires - Date.now() > MARGIN_MS) return answer.header;
  return (await solveNew(form, ask)).header;
}
