import { foldForSearch } from '@app/contracts';

/** Whether `text` contains what was typed in a search box (nothing typed matches all). */
export const matchesSearch = (text: string, query: string) =>
  foldForSearch(text).includes(foldForSearch(query.trim()));
