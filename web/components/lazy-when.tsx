import { type ComponentType, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { withAllTexts } from '../lib/i18n';

/**
 * A part of the screen whose code loads only once it is needed (the upload ring while something uploads,
 * a signed-in member's menu): a first-time visitor's first page does not download it.
 */
export function LazyWhen({
  when,
  load,
  fallback = null,
}: {
  when: boolean;
  load: () => Promise<ComponentType>;
  fallback?: ReactNode;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: one component per place, made once
  const Part = useMemo(() => lazy(async () => ({ default: await withAllTexts(load()) })), []);
  if (!when) return null;
  return (
    <Suspense fallback={fallback}>
      <Part />
    </Suspense>
  );
}
