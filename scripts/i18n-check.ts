/**
 * Fails when a translation key exists in one language and not the other, is empty in either, is used in
 * the code (a literal `t('…')` or a contract's message key) without existing, or an English text spells
 * "licence" the British way. Part of `npm test`.
 */
import fs from 'node:fs';
import path from 'node:path';
import el from '../common/i18n/el.json' with { type: 'json' };
import en from '../common/i18n/en.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const languages = { en: flatten(en as Tree), el: flatten(el as Tree) };
const problems: string[] = [];
for (const [lang, keys] of Object.entries(languages)) {
  for (const [other, otherKeys] of Object.entries(languages)) {
    if (other === lang) continue;
    for (const key of keys.keys())
      if (!otherKeys.has(key)) problems.push(`${key}: in ${lang}, missing in ${other}`);
  }
  for (const [key, value] of keys) if (value.trim() === '') problems.push(`${key}: empty in ${lang}`);
}

// The product's English is the specification's American English: "license" as noun and verb, everywhere.
for (const [key, value] of languages.en)
  if (/licenc/i.test(value)) problems.push(`${key}: British "licence" in English (write "license")`);

/** Literal keys the code uses: t('a.b') in the web app, and the message keys of the shared contracts. */
function usedKeys(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns: [string, RegExp][] = [
    ['web', /\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g],
    ['common/contracts', /error:\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g],
    // The message tables a form hands to the shared field rules (contracts/video-text.ts, owner.ts).
    ['common/contracts', /'((?:[a-zA-Z][\w-]*\.)*errors\.[\w-]+)'/g],
  ];
  for (const [dir, pattern] of patterns) {
    for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file)) continue;
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const match of text.matchAll(pattern)) found.set(match[1]!, path.join(dir, file));
    }
  }
  return found;
}
for (const [key, file] of usedKeys()) {
  // A counted text (t('x', { count })) lives under its plural forms, x_one and x_other.
  if (!languages.en.has(key) && !languages.en.has(`${key}_other`))
    problems.push(`${key}: used in ${file}, missing in en`);
}

if (problems.length > 0) {
  console.error(`i18n check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`i18n check: ${languages.en.size} keys, present in en and el; every key the code uses exists`);
