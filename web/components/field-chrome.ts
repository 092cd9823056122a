import type { ReactNode } from 'react';

/** What a form field of ours shows around its input, as Mantine's own fields take it (`form.getInputProps` fills `error`). */
export interface FieldChrome {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
}
