import type { UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import type { TFunction } from '../../common/translator';

/**
 * Turns a shared zod contract into a Mantine form validator. Errors are i18n keys (the contract's
 * messages); the form shows them translated.
 */
export function zodValidator<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join('.');
      if (!(field in errors)) errors[field] = issue.message;
    }
    return errors;
  };
}

/** Props for a Mantine input: its value handlers, and its error (an i18n key) translated. */
export function fieldProps<V>(form: UseFormReturnType<V>, t: TFunction, field: string) {
  const props = form.getInputProps(field);
  return { ...props, error: typeof props.error === 'string' ? t(props.error) : props.error };
}
