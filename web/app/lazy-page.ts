import type { ComponentType } from 'react';
import { withAllTexts } from '../lib/i18n';

/**
 * A screen loaded when first visited, so the first page of the app does not carry every other one
 * (forms with the phone metadata, the image cropper ...), with every text of the language.
 */
export const page = <M extends Record<string, unknown>>(module: Promise<M>, name: keyof M) =>
  landingPage(withAllTexts(module), name);

/** A screen people land on: the first page's texts suffice (checked at build: web/build/web-texts.ts). */
export const landingPage = async <M extends Record<string, unknown>>(module: Promise<M>, name: keyof M) => ({
  Component: (await module)[name] as ComponentType,
});
