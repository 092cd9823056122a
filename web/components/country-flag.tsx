import { findCountry } from '../../common/countries';

/**
 * Every country's flag as a file of its own (never inlined: a list of 250 countries would carry them all
 * in its script), keyed by path; only the flags a page shows are downloaded.
 */
const COUNTRY_FLAGS = import.meta.glob<string>('../../node_modules/flag-icons/flags/4x3/*.svg', {
  eager: true,
  query: '?no-inline',
  import: 'default',
});
const FLAGS_DIR = '../../node_modules/flag-icons/flags/4x3'; // as the pattern above names it

/**
 * A country's flag as a picture (emoji flags show as two letters on Windows) that screen readers skip:
 * the country's name is said next to it.
 */
export function CountryFlag({ alpha2, size = 20 }: { alpha2: string | null | undefined; size?: number }) {
  const code = alpha2 && findCountry(alpha2) ? alpha2.toLowerCase() : null;
  const src = code ? COUNTRY_FLAGS[`${FLAGS_DIR}/${code}.svg`] : undefined;
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={(size * 3) / 4}
      loading="lazy"
      style={{
        borderRadius: 2,
        display: 'inline-block',
        verticalAlign: 'middle',
        boxShadow: '0 0 0 1px rgba(0,0,0,.08)',
      }}
      data-flag={code}
    />
  );
}
