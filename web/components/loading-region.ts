import type { TFunction } from '../../common/translator';

/**
 * Makes a placeholder shown while something loads (a skeleton, a grid of blank cards) a status region
 * that screen readers name "Loading" in the reader's language. Spinners get the same from the theme.
 */
export const loadingRegion = (t: TFunction) => ({ role: 'status', 'aria-label': t('app.loading') }) as const;
