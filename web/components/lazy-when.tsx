import { type ComponentType, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { withAllTexts } from '../lib/i18n';

/**
 * React's `lazy` for a part of a screen that loads later: its code, and every text of the language with
 * it (a first page comes with its own texts only: lib/language-files.ts), so it never shows a key.
 */
export function lazyWithAllTexts<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => ({ default: await withAllTexts(load()) }));
}

/**
 * A part of the screen whose code loads only once it is needed (the upload ring while something uploads,
 * a signed-in member's menu, an overlay once opened): a first-time visitor's first page does not download it.
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
  const Part = useMemo(() => lazyWithAllTexts(load), []);
  if (!when) return null;
  return (
    <Suspense fallback={fallback}>
      <Part />
    </Suspense>
  );
}
