/** The texts a first page does not use, of one language (web/build/web-texts.ts splits each file in two). */
declare module 'virtual:rest-texts/*' {
  const texts: import('../common/translator').Texts;
  export default texts;
}
