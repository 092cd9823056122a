import zlib from 'node:zlib';

/**
 * The text of a PDF our server drew (pdfkit, embedded fonts): each text operation's glyphs read back
 * through its font's ToUnicode map, one line per operation, pages in order. Enough to assert what a
 * document says; not a reader of PDFs in general (no cross-reference streams, no other encodings).
 */
export function pdfText(pdf: Buffer): string {
  const objects = readObjects(pdf);
  const lines: string[] = [];
  for (const page of objects.values()) {
    if (!/\/Type\s*\/Page\b/.test(page.dict)) continue;
    const fonts = pageFonts(page.dict, objects);
    const contents = objects.get(reference(page.dict, 'Contents') ?? -1)?.stream ?? '';
    lines.push(...textLines(contents, fonts));
  }
  return lines.join('\n');
}

interface PdfObject {
  dict: string;
  stream?: string;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const source = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of source.matchAll(/(\d+) 0 obj\b/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endobj', start);
    const body = source.slice(start, end);
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dict: body });
      continue;
    }
    const dataStart = start + streamAt + (body[streamAt + 6] === '\r' ? 8 : 7);
    const data = pdf.subarray(dataStart, source.indexOf('endstream', dataStart));
    const dict = body.slice(0, streamAt);
    const stream = /\/FlateDecode/.test(dict) ? zlib.inflateSync(data) : data;
    objects.set(Number(match[1]), { dict, stream: stream.toString('latin1') });
  }
  return objects;
}

const reference = (dict: string, key: string) => {
  const match = new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(dict);
  return match ? Number(match[1]) : undefined;
};

/** A page's font names (/F2) and each one's code -> text map. */
function pageFonts(pageDict: string, objects: Map<number, PdfObject>) {
  const resources = objects.get(reference(pageDict, 'Resources') ?? -1)?.dict ?? pageDict;
  const fonts = new Map<string, Map<string, string>>();
  const fontBlock = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
  for (const [, name, id] of fontBlock.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
    const font = objects.get(Number(id))?.dict ?? '';
    const cmap = objects.get(reference(font, 'ToUnicode') ?? -1)?.stream ?? '';
    fonts.set(name!, unicodeMap(cmap));
  }
  return fonts;
}

const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');

/** A ToUnicode CMap's bfchar and bfrange entries (the array form and the incrementing form). */
function unicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, text] of block!.matchAll(/<(\w+)>\s*<(\w+)>/g))
      map.set(code!.toLowerCase(), utf16(text!));
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low, high, target] of block!.matchAll(/<(\w+)>\s*<(\w+)>\s*(\[[^\]]*\]|<\w+>)/g)) {
      const from = Number.parseInt(low!, 16);
      const width = low!.length;
      const texts = target!.startsWith('[') ? [...target!.matchAll(/<(\w+)>/g)].map((m) => m[1]!) : null;
      for (let code = from; code <= Number.parseInt(high!, 16); code++) {
        const key = code.toString(16).padStart(width, '0');
        const text = texts
          ? texts[code - from]
          : (Number.parseInt(target!.slice(1, -1), 16) + code - from).toString(16).padStart(4, '0');
        if (text) map.set(key, utf16(text));
      }
    }
  }
  return map;
}

/** Each Tj or TJ of a content stream as text, in the font set by the latest Tf. */
function textLines(contents: string, fonts: Map<string, Map<string, string>>): string[] {
  const lines: string[] = [];
  let font = new Map<string, string>();
  for (const [, name, shown] of contents.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|(\[[^\]]*\]\s*TJ|<\w*>\s*Tj)/g)) {
    if (name) font = fonts.get(name) ?? new Map();
    if (!shown) continue;
    const glyphs = [...shown.matchAll(/<(\w*)>/g)].map((m) => m[1]!).join('');
    let text = '';
    for (let at = 0; at < glyphs.length; at += 4)
      text += font.get(glyphs.slice(at, at + 4).toLowerCase()) ?? '';
    lines.push(text);
  }
  return lines;
}
