import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LICENSE_LIMITS, type LicenseRequestInput } from '../../../common/contracts/licenses';
import { ApiError } from '../../lib/api';

interface DraftValues {
  licenseTypeId: string;
  usage: string;
  billingAddressId: string;
  termsAccepted: boolean;
}
type Errors = Partial<Record<keyof DraftValues, string>>;

/** What is missing on a step, as i18n keys (the contract's own messages). */
function problemsOf(step: number, values: DraftValues): Errors {
  if (step === 0 && !values.licenseTypeId) return { licenseTypeId: 'licensing.errors.typeRequired' };
  if (step === 1) {
    const length = values.usage.trim().length;
    if (length < LICENSE_LIMITS.usageMin) return { usage: 'licensing.errors.usageTooShort' };
    if (length > LICENSE_LIMITS.usageMax) return { usage: 'licensing.errors.usageTooLong' };
  }
  if (step === 2 && !values.billingAddressId) return { billingAddressId: 'licensing.errors.billingRequired' };
  if (step === 3 && !values.termsAccepted) return { termsAccepted: 'licensing.errors.termsRequired' };
  return {};
}
const STEP_OF: Record<keyof DraftValues, number> = {
  licenseTypeId: 0,
  usage: 1,
  billingAddressId: 2,
  termsAccepted: 3,
};

/**
 * A license request being written over the four steps (type, usage, billing, confirmation): the values,
 * each step's problems, the step shown, and sending it at the end through `create` (one clip, or several
 * at once), after which the buyer lands on the page `landing` names for what was created.
 */
export function useLicenseRequestDraft<Created>(
  create: UseMutationResult<Created, Error, LicenseRequestInput>,
  landing: (created: Created) => string,
) {
  const navigate = useNavigate();
  const [active, setActive] = useState(0);
  const [values, setValues] = useState<DraftValues>({
    licenseTypeId: '',
    usage: '',
    billingAddressId: '',
    termsAccepted: false,
  });
  const [errors, setErrors] = useState<Errors>({});

  const set = <K extends keyof DraftValues>(key: K, value: DraftValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  /** Moves forward only when the steps before the target are complete; shows the first problem. */
  const goTo = (target: number) => {
    for (let step = 0; step < target; step++) {
      const problems = problemsOf(step, values);
      if (Object.keys(problems).length > 0) {
        setErrors(problems);
        setActive(step);
        return;
      }
    }
    setActive(target);
  };
  const back = () => setActive((step) => step - 1);

  const submit = () => {
    const problems = problemsOf(3, values);
    if (Object.keys(problems).length > 0) return setErrors(problems);
    create.mutate(
      { ...values, termsAccepted: true },
      {
        onSuccess: (created) => navigate(landing(created), { replace: true }),
        onError: (error) => {
          // A field the server refused: back to its step, with its message.
          if (error instanceof ApiError && error.fields.length > 0) {
            const next: Errors = {};
            for (const issue of error.fields) {
              if (issue.field in STEP_OF) next[issue.field as keyof DraftValues] = issue.message;
            }
            setErrors(next);
            const first = Object.keys(next)[0] as keyof DraftValues | undefined;
            if (first) setActive(STEP_OF[first]);
          }
        },
      },
    );
  };
  // Field problems are shown on their steps; anything else under the stepper.
  const serverError =
    create.error instanceof ApiError && create.error.fields.length > 0 ? null : create.error;

  return { active, values, errors, set, goTo, back, submit, pending: create.isPending, serverError };
}

export type LicenseRequestDraft = ReturnType<typeof useLicenseRequestDraft<unknown>>;
