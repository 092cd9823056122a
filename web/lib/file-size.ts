/** A file size for people: "850 MB", "1.4 GB", in the UI language's number format. */
export function formatFileSize(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= 1e9
      ? [bytes / 1e9, 'gigabyte']
      : bytes >= 1e6
        ? [bytes / 1e6, 'megabyte']
        : [bytes / 1e3, 'kilobyte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
