import { captchaChallenge } from '../contracts/captcha';
import { endpoint } from '../endpoint';

/** The ALTCHA widget fetches its proof-of-work challenge here (its `challengeUrl`); forms then post the solution. */
export const captchaEndpoints = {
  challenge: endpoint({
    method: 'GET',
    path: '/api/captcha',
    tag: 'captcha',
    access: 'public',
    summary: 'A new captcha challenge (ALTCHA proof of work)',
    answer: captchaChallenge,
  }),
};
