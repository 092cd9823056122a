import type { ComponentType } from 'react';

/**
 * A member's licensing screens, loaded through this small index. The app's first chunk lists every lazily
 * loaded page with the chunks it needs, and these need many (the license steps, the billing form, the
 * conversation): listed here instead, they weigh nothing on a visitor's first page. The price is one
 * small extra request the first time a member opens one of them.
 */
const PAGES = {
  myLicenses: () =>
    import('../features/licensing/license-list-pages').then((module) => module.MyLicensesPage),
  myLicense: () =>
    import('../features/licensing/license-request-page').then((module) => module.MyLicensePage),
  pay: () => import('../features/payments/pay-page').then((module) => module.PayPage),
  bundleCreate: () =>
    import('../features/licensing/bundles/bundle-create-page').then((module) => module.BundleCreatePage),
  bundle: () => import('../features/licensing/bundles/bundle-page').then((module) => module.BundlePage),
} satisfies Record<string, () => Promise<ComponentType>>;

export type LicensingPageName = keyof typeof PAGES;

export const licensingPage = (name: LicensingPageName): Promise<ComponentType> => PAGES[name]();
