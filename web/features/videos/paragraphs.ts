/**
 * A description as paragraphs (SPEC 2.3): split on blank lines (lines holding only spaces count as
 * blank), each paragraph trimmed, empty ones dropped; single line breaks stay inside their paragraph.
 */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/^\s+|\s+$/g, ''))
    .filter((paragraph) => paragraph !== '');
}
