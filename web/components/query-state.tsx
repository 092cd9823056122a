import { Center, Loader } from '@mantine/core';
import { FormError } from './form-error';

/** The spinner a screen or a section shows while its data loads. */
export function LoadingSpinner() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

/**
 * What stands in for a query's data until it is there: the spinner while it loads, the error in the
 * reader's language if it failed, nothing once it succeeded.
 */
export function QueryState({ query }: { query: { isPending: boolean; isError: boolean; error: unknown } }) {
  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) return <FormError error={query.error} />;
  return null;
}
