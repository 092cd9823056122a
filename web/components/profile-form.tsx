import {
  Anchor,
  Button,
  Checkbox,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef } from 'react';
import { Link } from 'react-router';
import { DEFAULT_ROLE, ROLES } from '../../common/constants';
import type { SessionUser } from '../../common/contracts/session';
import { type ProfileInput, profileBody } from '../../common/contracts/verification';
import { ROUTES } from '../../common/routes';
import { ApiError } from '../lib/api';
import { fieldProps, zodValidator } from '../lib/forms';
import { useSaveProfile } from '../lib/profile';
import { showToast } from '../lib/toast';
import { Trans, useTranslation } from '../lib/translation';
import { CountrySelect } from './country-select';
import { FormError } from './form-error';

/** The form's values: the agreements may be unticked here (the contract accepts only ticked ones). */
type ProfileValues = Omit<ProfileInput, 'isPolicyAgreed' | 'isAgeRestrictionAgreed'> & {
  isPolicyAgreed: boolean;
  isAgeRestrictionAgreed: boolean;
};

/** What the form starts with: the saved profile when there is one, else the defaults. */
function initialProfile(user: SessionUser, countryGuess: string): ProfileValues {
  const account = user.account;
  return {
    username: user.profile?.name ?? '',
    name: account?.name ?? '',
    role: account?.role ?? DEFAULT_ROLE,
    bio: user.profile?.bio ?? '',
    instagram: account?.instagram ?? '',
    country: account?.country ?? countryGuess,
    isBusinessAccount: account?.isBusinessAccount ?? false,
    companyName: account?.companyName ?? '',
    // Given once, when the account was first saved; a new account starts unticked.
    isPolicyAgreed: account?.isPolicyAgreed ?? false,
    isAgeRestrictionAgreed: account?.isAgeRestrictionAgreed ?? false,
  };
}

/**
 * The profile form (SPEC 2.5, 5): the verification modal's "Tell us about yourself" and the profile
 * settings. Saving makes the account and profile verified; the username stays unique.
 */
export function ProfileForm({ user, countryGuess }: { user: SessionUser; countryGuess: string }) {
  const { t } = useTranslation();
  const save = useSaveProfile();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<ProfileValues>({
    initialValues: initialProfile(user, countryGuess),
    validate: zodValidator(profileBody),
  });
  const field = (name: keyof ProfileValues) => fieldProps(form, t, name);
  const checkbox = (name: 'isBusinessAccount' | 'isPolicyAgreed' | 'isAgeRestrictionAgreed') => {
    const props = form.getInputProps(name, { type: 'checkbox' });
    return { ...props, error: typeof props.error === 'string' ? t(props.error) : props.error };
  };

  const handleSubmit = form.onSubmit(
    (values) =>
      // The validator has checked the values against the contract.
      save.mutate(values as ProfileInput, {
        onSuccess: () => showToast('success', t('verification.profile.saved')),
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const issue of error.fields) form.setFieldError(issue.field, issue.message);
          }
        },
      }),
    // Show the first problem: on a phone the form is taller than the screen.
    () =>
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      ),
  );
  // A taken username is shown on its field; other failures under the form.
  const formError = save.error instanceof ApiError && save.error.fields.length > 0 ? null : save.error;

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('verification.profile.username')}
            description={t('verification.profile.usernameHint')}
            autoComplete="username"
            required
            data-autofocus
            {...field('username')}
          />
          <TextInput
            label={t('verification.profile.name')}
            description={t('verification.profile.nameHint')}
            autoComplete="name"
            required
            {...field('name')}
          />
        </SimpleGrid>
        <Radio.Group label={t('verification.profile.role')} required {...field('role')}>
          <Stack gap="xs" mt="xs">
            {ROLES.map((role) => (
              <Radio key={role} value={role} label={t(`verification.profile.roles.${role}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t(`verification.profile.bio.${form.values.role}`)}
          autosize
          minRows={3}
          maxRows={8}
          required
          {...field('bio')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('verification.profile.instagram')}
            placeholder={t('verification.profile.instagramPlaceholder')}
            autoComplete="off"
            {...field('instagram')}
          />
          <CountrySelect label={t('verification.profile.country')} required {...field('country')} />
        </SimpleGrid>
        <Switch label={t('verification.profile.isBusinessAccount')} {...checkbox('isBusinessAccount')} />
        {form.values.isBusinessAccount && (
          <TextInput
            label={t('verification.profile.companyName')}
            autoComplete="organization"
            required
            {...field('companyName')}
          />
        )}
        <Checkbox
          label={
            <Trans
              i18nKey="verification.profile.isPolicyAgreed"
              components={{
                terms: <Anchor component={Link} to={ROUTES.terms} target="_blank" />,
                privacy: <Anchor component={Link} to={ROUTES.privacy} target="_blank" />,
              }}
            />
          }
          {...checkbox('isPolicyAgreed')}
        />
        <Checkbox
          label={t('verification.profile.isAgeRestrictionAgreed')}
          {...checkbox('isAgeRestrictionAgreed')}
        />
        <FormError error={formError} />
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('verification.profile.save')}
        </Button>
      </Stack>
    </form>
  );
}
