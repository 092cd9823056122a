/** A document's date and time in the reader's language ("25 November 2026, 14:05"). */
export function documentDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'el' ? 'el-GR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(iso));
}
