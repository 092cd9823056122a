import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CaptchaChallenge } from './captcha';

/**
 * Does what the ALTCHA widget does in the browser: solves the challenge and encodes the payload it
 * puts in its hidden `altcha` field. For tests and scripts; the server itself never solves.
 */
export async function solveCaptchaChallenge(challenge: CaptchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha challenge could not be solved in time');
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
}
