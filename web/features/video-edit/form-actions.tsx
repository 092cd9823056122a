import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error';
import { ApiError } from '../../lib/api';
import { useTranslation } from '../../lib/translation';

/**
 * The end of both edit forms: the error of the last save (field errors show under their fields, so only
 * the others here), Cancel back to the video, and the submit button.
 */
export function FormActions(props: {
  error: Error | null;
  pending: boolean;
  cancelTo: string;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const { error } = props;
  return (
    <>
      <FormError error={error instanceof ApiError && error.fields.length > 0 ? null : error} />
      <Group justify="flex-end">
        <Button variant="default" component={Link} to={props.cancelTo}>
          {t('edit.cancel')}
        </Button>
        <Button type="submit" loading={props.pending}>
          {props.submitLabel}
        </Button>
      </Group>
    </>
  );
}
