/** A text as searches compare it: case, accents and compatibility forms ignored. */
export const foldForSearch = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** Whether `text` contains what was typed in a search box (nothing typed matches all). */
export const matchesSearch = (text: string, query: string) =>
  foldForSearch(text).includes(foldForSearch(query.trim()));
