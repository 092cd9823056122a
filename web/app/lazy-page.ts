import { type ComponentType, createElement, type ReactNode } from 'react';
import { withAllTexts } from '../lib/i18n';
import type { ScreenName } from './screens';

/** A screen whose code loads when first shown; `preload` fetches it ahead (before hydrating a page). */
export type LazyScreen = (() => ReactNode) & { preload(): Promise<void> };

/**
 * A screen loaded when first visited, so the first page of the app does not carry every other one
 * (forms with the phone metadata, the image cropper ...), with every text of the language.
 */
export const page = (name: ScreenName) =>
  landingPage(() => withAllTexts(import('./screens').then((screens) => screens.SCREENS[name]())));

/**
 * A screen people land on: the first page's texts suffice (checked at build: web/build/web-texts.ts).
 * Until its code is in, rendering it suspends: a navigation (a transition) keeps the screen before it
 * on view meanwhile, as React.lazy would; unlike React.lazy, a screen preloaded renders at once, so a
 * page the server rendered is taken over without a blank step.
 */
export function landingPage(load: () => Promise<ComponentType>): LazyScreen {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  // A chunk that did not come (a dropped connection) shows the error screen once; the next visit asks again.
  let failure: { error: unknown } | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        failure = { error };
        loading = undefined;
      },
    );
    return loading;
  };
  function Screen() {
    if (failure) {
      const { error } = failure;
      failure = undefined;
      throw error;
    }
    if (!loaded) throw preload();
    return createElement(loaded);
  }
  return Object.assign(Screen, { preload });
}

/** Loads the screens among `components` that load later (a route's Component may be a plain one). */
export async function preloadScreens(components: (ComponentType | null | undefined)[]): Promise<void> {
  await Promise.all(components.map((component) => (component as Partial<LazyScreen>)?.preload?.()));
}
