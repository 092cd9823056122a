import type { Captcha } from '../../adapters/captcha/captcha';

/** The proof-of-work challenges the ALTCHA widget fetches before a form with a captcha is sent. */
export function captchaChallengesService(deps: { captcha: Captcha }) {
  return {
    async issue() {
      const { parameters, signature } = await deps.captcha.challenge();
      return { parameters: { ...parameters }, signature }; // a plain object fits the loose schema's type
    },
  };
}
