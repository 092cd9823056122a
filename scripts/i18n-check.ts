/**
 * Fails when a translation key exists in one language and not the other, or is empty in either.
 * Part of `npm test`.
 */
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

if (problems.length > 0) {
  console.error(`i18n check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`i18n check: ${languages.en.size} keys, present in en and el`);
